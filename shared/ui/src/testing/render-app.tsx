import { provideQueryClient } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session/session.rules';
import type { Session } from '@promo/domain/types';
import { NotificationArea } from '@promo/ui/notifications';
import { appStore } from '@promo/ui/app-store';
import { pageFrameAtom } from '@promo/ui/page-frame';
import {
  AppRouter,
  AppRoutes,
  createAppMemoryHistory,
  Outlet,
  useLocation,
  type RouteObject,
} from '@promo/ui/router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor } from '@testing-library/react';
import { useAtomValue } from '@promo/ui/app-store';
import { expect } from 'vitest';
import { Fragment, Suspense, type ComponentType, type ReactNode } from 'react';

// Pages are lazy: the first render of a file imports its page, which can take over the default
// second on a loaded machine. Waiting longer costs nothing when things are quick.
configure({ asyncUtilTimeout: 5000 });

/** Stands in for the shell's header: the title a page sets, and whether it offers "back". */
function FrameProbe() {
  const { title, showBack } = useAtomValue(pageFrameAtom);
  return (
    <p data-testid="frame">
      {title}
      {showBack ? ' (back)' : ''}
    </p>
  );
}

/** Where the router went when it left the rendered routes (/logout, /contact-us?x=1...). */
function Elsewhere() {
  const { pathname, search } = useLocation();
  return <p data-testid="elsewhere">{`${pathname}${search}`}</p>;
}

export interface RenderRoutesOptions {
  /** The URL the memory router starts at. */
  url: string;
  /** Who is signed in, as the shell knows before any page renders; nobody by default. */
  session?: Session;
  /** Providers of the remote's own, around the router. */
  wrapper?: ComponentType<{ children: ReactNode }>;
}

/**
 * Renders routes at `url` inside what the shell gives every page: one QueryClient (the session
 * already known), the app's router (so useBlocker works), the toasts and the header's title
 * (`getByTestId('frame')`); the page itself is inside `getByTestId('page')`, apart from the toasts' live regions. Any other path renders `getByTestId('elsewhere')` with its location,
 * so a test can see where the page went.
 */
export function renderRoutes(routes: RouteObject[], { url, session, wrapper }: RenderRoutesOptions) {
  const Wrapper = wrapper ?? Fragment;
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const clientPromise = Promise.resolve(queryClient);
  provideQueryClient(() => clientPromise);
  currentSession.set(session ?? ANONYMOUS_SESSION);
  const history = createAppMemoryHistory([url]);
  const frame: RouteObject = {
    element: (
      <>
        <FrameProbe />
        <NotificationArea />
        <div data-testid="page">
          <Suspense fallback={<p>Loading page…</p>}>
            <Outlet />
          </Suspense>
        </div>
      </>
    ),
    children: [...routes, { path: '*', element: <Elsewhere /> }],
  };
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Wrapper>
        <AppRouter history={history}>
          <AppRoutes routes={[frame]} />
        </AppRouter>
      </Wrapper>
    </QueryClientProvider>,
  );
  return { ...view, history, queryClient, title: () => appStore.get(pageFrameAtom).title };
}

/** One page (or part of one) at `path`, rendered as renderRoutes does; `url` defaults to `path`. */
export function renderPage(
  element: ReactNode,
  { path, url = path, ...options }: Omit<RenderRoutesOptions, 'url'> & { path: string; url?: string },
) {
  return renderRoutes([{ path, element }], { url, ...options });
}

/** Waits for the header title (and back chevron) the page asks the shell for; pages set it in an effect. */
export async function expectFrame(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('frame')).toHaveTextContent(text));
}
