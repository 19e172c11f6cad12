import { isApiUrl } from '../service-worker/request-routes';
import {
  installedWorkerEvent,
  shouldReloadOnControlling,
  type UpdatePromptEvent,
} from './update-prompt.rules';

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
function cacheFilesLoadedBeforeTheWorker(worker: ServiceWorker): void {
  const urlsToCache = performance
    .getEntriesByType('resource')
    .map((entry) => entry.name)
    .filter((url) => !isApiUrl(new URL(url)));
  if (urlsToCache.length > 0) worker.postMessage({ type: 'CACHE_URLS', payload: { urlsToCache } });
}

/**
 * Registers /sw.js at the site root with scope '/' (docs/product-rules.md, 'App updates') and reports its life to the update
 * prompt, on the browser's own service worker API (workbox-window did this for 2.6 KB gzip on
 * every page). Registration errors are only logged. Loaded after the first render.
 *
 * - A worker that installs while none controlled this page at start is the first install:
 *   offline-ready, and once active it caches what the page loaded before it.
 * - A worker that installs (or is found waiting) while another controls the page is a new version:
 *   worker-waiting, which shows the update prompt.
 * - When a new version takes control, a page that had a controller reloads.
 */
export function registerServiceWorker(
  onEvent: (event: UpdatePromptEvent) => void,
  container: ServiceWorkerContainer = navigator.serviceWorker,
): ServiceWorkerControls {
  const controlledAtStart = container.controller !== null;
  let hadController = controlledAtStart;

  container.addEventListener('controllerchange', () => {
    const reload = shouldReloadOnControlling({ hadController });
    hadController = true;
    if (reload) window.location.reload();
  });

  /** Follows a worker from the state it is in now: a state it has passed is not reported again. */
  const follow = (worker: ServiceWorker) => {
    let installedSeen = false;
    const onState = () => {
      if (worker.state === 'installed') {
        installedSeen = true;
        onEvent(installedWorkerEvent({ controlledNow: container.controller !== null, controlledAtStart }));
      } else if (worker.state === 'activated') {
        worker.removeEventListener('statechange', onState);
        if (!controlledAtStart) {
          // Followed only once active: the first install is ready offline all the same.
          if (!installedSeen) onEvent({ type: 'offline-ready' });
          cacheFilesLoadedBeforeTheWorker(worker);
        }
      } else if (worker.state === 'redundant') {
        worker.removeEventListener('statechange', onState);
      }
    };
    worker.addEventListener('statechange', onState);
    onState();
  };

  const registered = container.register('/sw.js', { scope: '/' }).then((registration) => {
    // A version that finished installing before this page opened (another tab found it) waits already.
    if (registration.waiting && registration.active) onEvent({ type: 'worker-waiting' });
    const firstWorker = registration.installing ?? registration.waiting ?? registration.active;
    if (registration.installing) follow(registration.installing);
    // Firefox can settle the registration of a first worker after it has installed and activated:
    // nothing is installing by then, and the page would never hand it the files it loaded before.
    else if (!controlledAtStart && firstWorker) follow(firstWorker);
    registration.addEventListener('updatefound', () => {
      const firstWorker = registration.installing ?? registration.waiting ?? registration.active;
      if (registration.installing) follow(registration.installing);
      // Firefox can settle the registration of a first worker after it has installed and activated:
      // nothing is installing by then, and the page would never hand it the files it loaded before.
      else if (!controlledAtStart && firstWorker) follow(firstWorker);
    });
    return registration;
  });
  registered.catch((error: unknown) => {
    console.error('The service worker could not be registered.', error);
  });

  return {
    activateWaiting: () => {
      void container.getRegistration('/').then((registration) => {
        // Another tab may have activated it already: then this page only needs the reload.
        const waiting = registration?.waiting;
        if (!waiting) return window.location.reload();
        waiting.postMessage({ type: 'SKIP_WAITING' });
        window.setTimeout(() => window.location.reload(), TAKE_OVER_TIMEOUT_MS);
      });
    },
    checkForUpdate: () =>
      registered
        .then((registration) => registration.update())
        .then(() => undefined)
        .catch((error: unknown) => {
          console.error('The service worker update check failed.', error);
        }),
  };
}
