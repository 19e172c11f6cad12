import { Workbox } from 'workbox-window';
import { isApiUrl } from '../service-worker/request-routes';
import { isFirstInstall, shouldReloadOnControlling, type UpdatePromptEvent } from './update-prompt.rules';

/**
 * How long Reload waits for the new version to take control before it reloads anyway. Chrome
 * activates a worker only once the old one has finished the requests it is handling; a reload
 * lets go of them, and the navigation then starts the new version.
 */
const TAKE_OVER_TIMEOUT_MS = 10_000;

export interface ServiceWorkerControls {
  /** Asks the waiting worker to take over; the page reloads once it controls the page. */
  activateWaiting: () => void;
  /** Looks for a new sw.js now (the browser also does on navigations). */
  checkForUpdate: () => Promise<void>;
}

/**
 * Files this page loaded before its first worker was active (the registry, the remotes) never went
 * through the worker. The worker caches them now (workbox-routing's CACHE_URLS message runs each URL
 * through its routes), so the app starts offline after this one visit. API calls are left out: no
 * route would cache them anyway.
 */
function cacheFilesLoadedBeforeTheWorker(workbox: Workbox): void {
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => !isApiUrl(new URL(url)));
  if (urlsToCache.length > 0) void workbox.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

/**
 * Registers /sw.js at the site root with scope '/' (spec §1) and reports its life to the update
 * prompt. Registration errors are only logged (spec §8). Loaded after the first render, so
 * workbox-window is not on the first screen's critical path.
 */
export function registerServiceWorker(onEvent: (event: UpdatePromptEvent) => void): ServiceWorkerControls {
  const workbox = new Workbox('/sw.js', { scope: '/' });
  let hadController = navigator.serviceWorker.controller !== null;

  workbox.addEventListener('installed', (event) => {
    if (isFirstInstall(event)) onEvent({ type: 'offline-ready' });
  });
  workbox.addEventListener('activated', (event) => {
    if (isFirstInstall(event)) cacheFilesLoadedBeforeTheWorker(workbox);
  });
  workbox.addEventListener('waiting', () => onEvent({ type: 'worker-waiting' }));
  workbox.addEventListener('controlling', () => {
    const reload = shouldReloadOnControlling({ hadController });
    hadController = true;
    if (reload) window.location.reload();
  });

  workbox.register().catch((error: unknown) => {
    console.error('The service worker could not be registered.', error);
  });

  return {
    activateWaiting: () => {
      void navigator.serviceWorker.getRegistration('/').then((registration) => {
        // Another tab may have activated it already: then this page only needs the reload.
        const waiting = registration?.waiting;
        if (!waiting) return window.location.reload();
        // Straight to the worker this registration says is waiting: workbox-window's own reference can
        // lag behind when the worker was found by a navigation rather than by this page's register().
        waiting.postMessage({ type: 'SKIP_WAITING' });
        window.setTimeout(() => window.location.reload(), TAKE_OVER_TIMEOUT_MS);
      });
    },
    checkForUpdate: () =>
      workbox.update().catch((error: unknown) => {
        console.error('The service worker update check failed.', error);
      }),
  };
}
