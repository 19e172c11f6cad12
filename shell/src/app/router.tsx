import { MOUNTS, type Mount } from '@promo/domain/paths';
import { createBrowserRouter, type RouteObject } from '@promo/ui/router';
import { RemoteMount } from '../federation/remote-mount';
import { RequireAudience } from '../guards/require-audience';
import { AppLayout } from '../layout/app-layout';
import { ErrorPage } from '../pages/error-page';
import { LogoutPage } from '../pages/logout-page';
import { NotFoundPage } from '../pages/not-found-page';

function mountRoutes(mount: Mount): RouteObject[] {
  return mount.patterns.map((pattern) => ({
    path: pattern,
    element: (
      <RequireAudience audience={mount.audience}>
        <RemoteMount remote={mount.remote} />
      </RequireAudience>
    ),
  }));
}

/** The shell decides which remote serves a path and who may see it; the remote decides what it shows. */
export const shellRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <ErrorPage />,
    children: [
      ...Object.values(MOUNTS).flatMap(mountRoutes),
      { path: '/logout', element: <LogoutPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createRouter = () => createBrowserRouter(shellRoutes);
