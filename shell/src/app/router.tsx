import { MOUNTS, type Mount } from '@promo/domain/paths';
import { useLocation, useRoutes, type RouteObject } from '@promo/ui/router';
import { ErrorBoundary } from '@promo/ui/error-boundary';
import { Spinner } from '@promo/ui/spinner';
import { lazy, Suspense } from 'react';
import { RemoteMount } from '../federation/remote-mount';
import { RequireAudience } from '../guards/require-audience';
import { AppLayout } from '../layout/app-layout';
import { ErrorPage } from '../pages/error-page';
import { NotFoundPage } from '../pages/not-found-page';

// Only a signed-in user ever signs out: its code (and the cache clean-up) loads when needed.
const LogoutPage = lazy(() =>
  import('../pages/logout-page').then(({ LogoutPage }) => ({ default: LogoutPage })),
);

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
const shellRoutes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      ...Object.values(MOUNTS).flatMap(mountRoutes),
      {
        path: '/logout',
        element: (
          <Suspense fallback={<Spinner label="Signing out…" />}>
            <LogoutPage />
          </Suspense>
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * The shell's routes for the current location. Anything the page frame itself throws while
 * rendering shows the generic error page (docs/product-rules.md, 'Not-found and error pages'); a
 * new path clears it. The path resets only a boundary that has failed: the frame (header, menu,
 * messages, offline indicator) stays mounted across navigations, so a message shown as one page
 * hands over to the next is the same element, and the frame's state is not rebuilt per page.
 */
export function ShellRoutes() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKeys={[pathname]}
      fallback={<ErrorPage />}
      owner="shell"
      onError={(error) => console.error('The app failed to render.', error)}
    >
      {useRoutes(shellRoutes)}
    </ErrorBoundary>
  );
}
