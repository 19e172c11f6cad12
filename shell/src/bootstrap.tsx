import { configureHttp } from '@promo/domain/http';
import { provideRuntimeConfig } from '@promo/domain/remote-contract';
import { configureSessionCache, provideEarlySession } from '@promo/domain/session';
import type { Session } from '@promo/domain/types';
import '@promo/ui/theme.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, createAppBrowserHistory } from '@promo/ui/router';
import { createQueryClient } from './app/query-client';
import { ShellRoutes } from './app/router';
import { startupRuntimeConfig } from './app/runtime-config';
import { startAppUpdates } from './app-update/start-app-update';
import { dispatchUpdatePrompt } from './app-update/update-prompt.store';
import {
  earlyRemote,
  earlySessionInfo,
  earlyUserRecord,
  remoteWatch,
  whenRemoteChanges,
} from './federation/early-loading';
import { configureRemotes, loadRemoteRoutes } from './federation/remote-loader';
import { startQueryPersistence, withinTime } from './offline/query-persistence';
import { ErrorPage } from './pages/error-page';
import { offlineStore } from './session/offline-store';

const SESSION_KEY = 'session';

async function readCachedSession(): Promise<Session | undefined> {
  try {
    return await withinTime(offlineStore.get<Session>(SESSION_KEY));
  } catch {
    return undefined;
  }
}

async function start() {
  const root = createRoot(document.getElementById('root')!);
  let config;
  try {
    config = await startupRuntimeConfig();
  } catch (error) {
    console.error(error);
    root.render(<ErrorPage />);
    return;
  }
  provideRuntimeConfig(config);
  // A remote redeployed while the app is open is offered through the update prompt.
  whenRemoteChanges(() => dispatchUpdatePrompt({ type: 'remote-changed' }));
  configureRemotes(config.remotes);
  const history = createAppBrowserHistory();
  configureHttp({
    baseUrl: config.apiBase,
    // Spec §8: any 401 sends the browser to /logout, once, however many calls fail together.
    onUnauthorized: () => {
      // The history's location changes as replace() returns, so later failures see /logout.
      if (history.location.pathname !== '/logout') history.replace('/logout');
    },
  });
  const early = earlySessionInfo();
  if (early) provideEarlySession(early, earlyUserRecord());
  configureSessionCache({
    read: () => offlineStore.get<Session>(SESSION_KEY),
    write: (session) => (session ? offlineStore.set(SESSION_KEY, session) : offlineStore.del(SESSION_KEY)),
  });

  const queryClient = createQueryClient();
  // Before the first render: offline, the last-fetched promotions and progress show at once.
  await startQueryPersistence(queryClient, await readCachedSession());
  // The page's remote, its code and its first queries start as soon as the session says which
  // remote the URL needs, in parallel with the rest of the session check (README "Performance").
  void earlyRemote()
    ?.then(async (remote) => {
      if (remote) (await loadRemoteRoutes(remote)).preloadRoute?.(window.location.pathname, queryClient);
    })
    // A failed preload is only a missed head start: the route's render loads it and reports.
    .catch(() => undefined);
  // A transition lets React yield to the browser while it renders the first screen, instead of one
  // long task (Lighthouse's Total Blocking Time on a slow phone).
  startTransition(() => {
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AppRouter history={history}>
            <ShellRoutes />
          </AppRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  });

  // Lets end-to-end tests prove there is exactly one QueryClient across the shell and the remotes.
  (window as unknown as { __EZY_QUERY_CLIENT__?: unknown }).__EZY_QUERY_CLIENT__ = queryClient;
  startAppUpdates({ checkRemotes: remoteWatch.check });
}

void start();
