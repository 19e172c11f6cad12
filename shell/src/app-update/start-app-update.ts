import { dispatchUpdatePrompt as dispatch } from './update-prompt.atoms';
import type { ReloadAction } from './update-prompt.rules';
import type { ServiceWorkerControls } from './register-service-worker';

/** How often an open app looks for a new shell (sw.js) and new remote deployments. */
const UPDATE_CHECK_INTERVAL_MS = 10 * 60 * 1000;

let serviceWorker: ServiceWorkerControls | undefined;

/**
 * Runs after the page has loaded and the browser is idle: the worker's install downloads the whole
 * shell for the precache, which must not compete with the first screen's own downloads. WebKit has
 * no requestIdleCallback (docs/decisions/031-engine-support.md): a second after the load stands in.
 * (Not @promo/ui/after-first-screen, which waits for the first screen's images and a frame instead
 * of the load event: the remotes' deferred work keys on what the person sees, this on the network.)
 */
export function afterLoadAndIdle(run: () => void, win: Window = window): void {
  // Typed as always present; it is not, in WebKit.
  const hasIdle = typeof (win as Partial<Window>).requestIdleCallback === 'function';
  const whenIdle = () =>
    hasIdle ? win.requestIdleCallback(run, { timeout: 5000 }) : win.setTimeout(run, 1000);
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

/**
 * Starts the service worker and the update checks (docs/decisions/009-offline-and-updates.md): every UPDATE_CHECK_INTERVAL_MS and
 * whenever the page becomes visible again, the browser is asked for a new sw.js and the loaded
 * remotes' manifests are compared with the deployed ones. Either offers the update prompt.
 */
export function startAppUpdates({ checkRemotes }: { checkRemotes: () => Promise<void> }) {
  // Development builds (rsbuild dev) have no sw.js; a worker there would serve stale code.
  if (import.meta.env.PROD && 'serviceWorker' in navigator) {
    afterLoadAndIdle(() => {
      import('./register-service-worker')
        .then(({ registerServiceWorker }) => {
          serviceWorker = registerServiceWorker(dispatch);
        })
        .catch((error: unknown) => console.error('The service worker could not be registered.', error));
    });
  }
  const check = () => {
    if (!navigator.onLine) return;
    void serviceWorker?.checkForUpdate();
    void checkRemotes();
  };
  window.setInterval(check, UPDATE_CHECK_INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
}

/** The update prompt's Reload. */
export function applyUpdate(action: ReloadAction): void {
  if (action === 'activate-waiting-worker' && serviceWorker) serviceWorker.activateWaiting();
  else window.location.reload();
}
