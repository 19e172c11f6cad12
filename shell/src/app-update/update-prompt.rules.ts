/**
 * The update prompt's state (docs/product-rules.md, 'App updates'), as a pure reducer so every transition is
 * tested without a service worker.
 *
 * - needRefresh: a new version is waiting: a new service worker (the shell) or a changed remote
 *   manifest (a remote was redeployed while the app was open).
 * - offlineReady: the first install completed (not an update). No message is shown for it.
 * - Close sets both false. Reload activates the waiting worker (the page reloads once it controls the
 *   page) or, when only a remote changed, reloads the page.
 */
export interface UpdatePromptState {
  needRefresh: boolean;
  offlineReady: boolean;
  /** A new service worker is installed and waiting to take over. */
  workerWaiting: boolean;
  /** A remote's manifest differs from the one this page loaded. */
  remoteChanged: boolean;
  /** Reload was pressed; the page is about to reload. */
  reloading: boolean;
}

export type UpdatePromptEvent =
  | { type: 'offline-ready' }
  | { type: 'worker-waiting' }
  | { type: 'remote-changed' }
  | { type: 'close' }
  | { type: 'reload' };

export const initialUpdatePromptState: UpdatePromptState = {
  needRefresh: false,
  offlineReady: false,
  workerWaiting: false,
  remoteChanged: false,
  reloading: false,
};

export function updatePromptReducer(state: UpdatePromptState, event: UpdatePromptEvent): UpdatePromptState {
  switch (event.type) {
    case 'offline-ready':
      return { ...state, offlineReady: true };
    case 'worker-waiting':
      return { ...state, needRefresh: true, workerWaiting: true };
    case 'remote-changed':
      return { ...state, needRefresh: true, remoteChanged: true };
    case 'close':
      // The waiting worker stays waiting: it is offered again on the next start.
      return { ...state, needRefresh: false, offlineReady: false, reloading: false };
    case 'reload':
      return state.needRefresh ? { ...state, reloading: true } : state;
  }
}

/** The prompt is shown for a waiting version only; offline-ready shows no message. */
export const isPromptVisible = (state: UpdatePromptState) => state.needRefresh;

export type ReloadAction =
  /** Ask the waiting worker to take over; the page reloads when it controls the page. */
  | 'activate-waiting-worker'
  /** Only a remote changed: the new remote loads on a plain reload. */
  | 'reload-page';

export function reloadAction(state: UpdatePromptState): ReloadAction {
  return state.workerWaiting ? 'activate-waiting-worker' : 'reload-page';
}

/**
 * When a new version takes control the page reloads (this tab's Reload, or another tab's).
 * The first install also takes control of the page (clientsClaim), but that is not a new version:
 * a page that had no controller before is already current.
 */
export const shouldReloadOnControlling = (change: { hadController: boolean }) => change.hadController;

/**
 * A worker finished installing. With a worker controlling the page (now, or when it opened) it is a
 * new version, which waits: the prompt. Otherwise it is the first install: offline-ready.
 */
export const installedWorkerEvent = (page: {
  controlledNow: boolean;
  controlledAtStart: boolean;
}): UpdatePromptEvent =>
  page.controlledNow || page.controlledAtStart ? { type: 'worker-waiting' } : { type: 'offline-ready' };
