import { provideQueryClient } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session';
import { buildSession } from '@promo/domain/testing';
import type { Session } from '@promo/domain/types';
import { NotificationArea } from '@promo/ui/notifications';
import { pageFrame } from '@promo/ui/page-frame';
import { useStoreValue } from '@promo/ui/value-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense } from 'react';
import { AppRouter, AppRoutes, createAppMemoryHistory, Outlet, useLocation } from '@promo/ui/router';
import { createRoutes } from '../routes';

/** Stands in for the shell's header: the title a page sets, and whether it offers "back". */
function FrameProbe() {
  const { title, showBack } = useStoreValue(pageFrame);
  return (
    <p data-testid="frame">
      {title}
      {showBack ? ' (back)' : ''}
    </p>
  );
}

/** Where the router went when it left the remote's pages (/logout, /contact-us...). */
function Elsewhere() {
  const { pathname } = useLocation();
  return <p data-testid="elsewhere">{pathname}</p>;
}

/**
 * Renders the remote's routes at `path` inside the providers the shell gives them: one QueryClient
 * (session already known), the app's router (so useBlocker works) and the toasts.
 */
export function renderRoute(path: string, options: { session?: Session } = {}) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const clientPromise = Promise.resolve(queryClient);
  provideQueryClient(() => clientPromise);
  currentSession.set(options.session ?? buildSession());
  const history = createAppMemoryHistory([path]);
  const routes = [
    {
      element: (
        <>
          <FrameProbe />
          <NotificationArea />
          <Suspense fallback={<p>Loading page…</p>}>
            <Outlet />
          </Suspense>
        </>
      ),
      children: [...createRoutes(), { path: '*', element: <Elsewhere /> }],
    },
  ];
  const view = render(
    <QueryClientProvider client={queryClient}>
      <AppRouter history={history}>
        <AppRoutes routes={routes} />
      </AppRouter>
    </QueryClientProvider>,
  );
  return { ...view, history, queryClient };
}
