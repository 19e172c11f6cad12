import { configureHttp } from '@promo/domain/http/http-client';
import { mountOf } from '@promo/domain/paths';
import { provideQueryClient, provideRuntimeConfig } from '@promo/domain/remote-contract';
import {
  configureSessionCache,
  currentSession,
  provideEarlySession,
  startSessionChecks,
} from '@promo/domain/session/session';
import '@promo/ui/theme.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, createAppBrowserHistory } from '@promo/ui/router';
import { loadQueryClient, loadQueryRuntime } from './query-client/query-access';
import type { QueryRuntime } from './query-client/query-runtime';
import { ShellRoutes } from './app/router';
import { startedFromSavedRegistry, startupRuntimeConfig } from './runtime-config/runtime-config';
import { withinTime } from './offline/within-time';
import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';
import { startAppUpdates } from './app-update/start-app-update';
import { dispatchUpdatePrompt } from './app-update/update-prompt.atoms';
import {
  earlyRemote,
  earlySession,
  remoteWatch,
  resumedSession,
  whenRemoteChanges,
} from './federation/early-loading';
import { configureVersions, servingVersion } from './federation/last-good-version';
import { configureRemotes, loadRemoteRoutes } from './federation/remote-loader';
import { AppUnavailablePage } from './pages/app-unavailable-page';
import { startCrashReporting } from './release-health/crash-reporting';
import { startReleaseHealthLater } from './release-health/start-release-health';
import { readSavedSession, saveSession, savedSessionNow } from './offline/saved-session';

/** How long the first render waits for the page's code before showing the frame with a spinner. */
const FIRST_SCREEN_WAIT_MS = 2500;

/**
 * A return visit's first screen comes from the device: the registry and, when resumed, the session
 * and the page's data are checked once it is up (docs/decisions/009-offline-and-updates.md). The
 * data's refetches are held from the start, so the page's first render does not send them.
 */
function checkOnceFirstScreenIsUp(
  firstPage: Promise<void> | undefined,
  resumed: boolean,
  queryRuntime: Promise<QueryRuntime> | undefined,
): void {
  // A failed wait (its chunk could not load) only means the checks start now.
  const shown = import('./app/first-screen-up')
    .then(({ firstScreenUp }) => firstScreenUp(firstPage, FIRST_SCREEN_WAIT_MS))
    .catch(() => undefined);
  if (resumed) {
    queryRuntime?.then(
      (runtime) => runtime.holdRefetchesUntil(shown),
      () => undefined,
    );
  }
  // Each check in a task of its own: together with the held refetches they were one long task.
  void shown.then(async () => {
    if (resumed) currentSession.check().catch(() => undefined);
    await taskOfItsOwn();
    // A remote deployed since is offered through the update prompt.
    void remoteWatch.check();
  });
}

async function start() {
  // The bootstrap's modules ran in the task that brought its last chunk; starting the app is a
  // task apart, so neither is long on a slow phone.
  await taskOfItsOwn();
  const rootElement = document.getElementById('root')!;
  const root = createRoot(rootElement);
  let config;
  try {
    config = await startupRuntimeConfig();
  } catch (error) {
    console.error('The app could not start: its runtime configuration could not be loaded.', error);
    root.render(<AppUnavailablePage />);
    return;
  }
  provideRuntimeConfig(config);
  // Before the first load of a remote's routes: the versions served, and their last good ones.
  configureVersions(config);
  const { preview } = config;
  // Only a browser following a preview link downloads the bar.
  if (preview) void import('./preview-bar/preview-bar').then(({ showPreviewBar }) => showPreviewBar(preview));
  // Before the first render: a page that crashes at once is reported too, with the version it ran.
  startCrashReporting(servingVersion);
  // A remote redeployed while the app is open is offered through the update prompt.
  whenRemoteChanges(() => dispatchUpdatePrompt({ type: 'remote-changed' }));
  configureRemotes(config.remotes);
  const history = createAppBrowserHistory();
  configureHttp({
    baseUrl: config.apiBase,
    // Any 401 sends the browser to /logout, once, however many calls fail together.
    onUnauthorized: () => {
      // The history's location changes as replace() returns, so later failures see /logout.
      if (history.location.pathname !== '/logout') history.replace('/logout');
    },
  });
  configureSessionCache({ read: readSavedSession, write: saveSession });
  // A return visit draws its page with the session and registry saved on the device, and checks
  // both once that page is on screen (docs/decisions/009-offline-and-updates.md).
  const resumed = startedFromSavedRegistry() ? resumedSession() : undefined;
  if (resumed) currentSession.resume(resumed);
  else {
    const early = earlySession();
    if (early) provideEarlySession(early.info, early.user);
  }

  // Created when a page that asks for data first needs it (query-access.ts): /login never does.
  provideQueryClient(loadQueryClient);
  // The session gate holds every route until this answers; it starts now, not at the first render.
  // A resumed session is checked once the first screen is up (below): an ended one then signs out.
  if (!resumed) currentSession.check().catch(() => undefined);
  startSessionChecks();
  // The page's remote, its code and its first queries start as soon as the session says which
  // remote the URL needs, in parallel with the rest of the session check (docs/decisions/005-start-up-sequence.md).
  const firstPage = earlyRemote()
    ?.then(async (remote) => {
      if (!remote) return;
      const routes = await loadRemoteRoutes(remote);
      // The routes module's evaluation and the page's preload (its chunks' tags, its first
      // queries) were one task of 25-40 ms on a slow phone; each is a task of its own.
      await taskOfItsOwn();
      await routes.preloadRoute?.(window.location.pathname, window.location.search);
    })
    // A failed preload is only a missed head start: the route's render loads it and reports.
    .catch(() => undefined);
  // What follows loads chunks of the shell's own; in the task above it made one of over 100 ms on
  // a slow phone, with the session check and the remote's start (docs/performance.md).
  await taskOfItsOwn();
  // The customer's and the rep's pages all ask for data, so on their paths the query client's
  // runtime starts now, with the session.
  const queryRuntime =
    mountOf(window.location.pathname)?.remote !== 'public' ? loadQueryRuntime() : undefined;
  queryRuntime?.catch(() => undefined);
  // A signed-in page keeps the screen its user leaves, for the next visit's first paint. Its code
  // is in the query runtime's chunk (query-access.ts).
  if (queryRuntime) {
    void import(/* webpackChunkName: "signed-in" */ './offline/last-screen-capture')
      .then(({ keepScreenOnLeave }) => keepScreenOnLeave(() => savedSessionNow()?.userid, rootElement))
      .catch(() => undefined);
  }
  if (startedFromSavedRegistry()) checkOnceFirstScreenIsUp(firstPage, resumed !== undefined, queryRuntime);
  // The first screen renders once its page can render whole. A page that suspends first shows a
  // fallback, and React then holds the page back until 300 ms after that fallback showed
  // (FALLBACK_THROTTLE_MS): the dashboard's hero painted 300 ms after its data and image were in.
  // Meanwhile the HTML's own first paint (the header and "Loading…") stays; a slow remote gets
  // the React frame after FIRST_SCREEN_WAIT_MS.
  if (firstPage) await withinTime(firstPage, FIRST_SCREEN_WAIT_MS);
  // A transition lets React yield to the browser while it renders the first screen, instead of one
  // long task (Lighthouse's Total Blocking Time on a slow phone).
  startTransition(() => {
    root.render(
      <StrictMode>
        <AppRouter history={history}>
          <ShellRoutes />
        </AppRouter>
      </StrictMode>,
    );
  });

  startAppUpdates({ checkRemotes: remoteWatch.check });
  startReleaseHealthLater(config.environment, config.apiBase);
}

void start();
