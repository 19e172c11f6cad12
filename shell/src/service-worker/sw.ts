/**
 * The shell's service worker (spec §1; issue 6). Bundled by scripts/build-sw.ts after the shell's
 * build; workbox-build's injectManifest replaces `self.__WB_MANIFEST` with the shell's files.
 *
 * - The shell's build is precached; navigations are answered with the precached index.html, so the
 *   version the page runs changes only when a new worker takes over (the update prompt's Reload).
 * - Remote files come from other origins, unknown at build time (request-routes.ts): the registry,
 *   manifests and entries network-first with a short timeout; hashed chunks cache-first with
 *   expiry. They are fetched with CORS so the cached copies are readable, never opaque (an opaque
 *   response hides its status, so a failure could be cached).
 * - API responses are never stored in Cache Storage: no route matches /api/, so the browser fetches
 *   them as if there were no worker.
 */
import {
  clientsClaim,
  setCacheNameDetails,
  type RouteHandlerCallbackOptions,
  type WorkboxPlugin,
} from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, type Strategy } from 'workbox-strategies';
import { CACHE_NAMES, CACHE_PREFIX, CACHE_SUFFIX, isAppCodeCache } from './cache-names';
import { classifyRequest, type RequestKind } from './request-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const NETWORK_TIMEOUT_SECONDS = 3;
const REMOTE_ASSET_MAX_ENTRIES = 400;
const REMOTE_ASSET_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

setCacheNameDetails({ prefix: CACHE_PREFIX, precache: 'precache', runtime: 'runtime', suffix: CACHE_SUFFIX });

// ---- Lifecycle --------------------------------------------------------------------------------

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  // The update prompt's Reload posts SKIP_WAITING to the waiting worker.
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Caches of an older caching scheme (another suffix) hold nothing this version uses.
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(`${CACHE_PREFIX}-`) && !isAppCodeCache(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});

// The first install takes control of the open page at once, so it works offline without a reload;
// the page then hands over the files it loaded before (CACHE_URLS, register-service-worker.ts).
// An update never takes over by itself: it waits for SKIP_WAITING.
clientsClaim();
cleanupOutdatedCaches();

// ---- The shell --------------------------------------------------------------------------------

precacheAndRoute(self.__WB_MANIFEST);
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [
      // The API's own pages (the dev sign-in) are not the app.
      /^\/api\//,
      // The embedded spend-progress page is framed by other pages: its document carries its own
      // frame-ancestors policy, which the precached index.html (framed by no one) does not.
      /^\/spend-progress(\/|$)/,
      // Files (an extension in the last segment) are not app routes.
      /\/[^/]+\.[a-z0-9]+$/i,
    ],
  }),
);

// ---- Remote files -----------------------------------------------------------------------------

/** Turns a script's or stylesheet's no-cors request into a CORS one, so its response can be cached. */
const withCors: WorkboxPlugin = {
  requestWillFetch: ({ request }) =>
    Promise.resolve(
      request.mode === 'no-cors' ? new Request(request.url, { mode: 'cors', credentials: 'omit' }) : request,
    ),
};

/** Only complete, readable answers are cached (never an opaque or failed response). */
const onlyOk = new CacheableResponsePlugin({ statuses: [200] });

// The remotes answer with `Vary: Origin`; a script's request carries no Origin, the cached one did.
const matchOptions = { ignoreVary: true };

const remoteEntries = new NetworkFirst({
  cacheName: CACHE_NAMES.remoteEntries,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [withCors, onlyOk],
  matchOptions,
});

const strategies: Partial<Record<RequestKind, Strategy>> = {
  'remote-registry': new NetworkFirst({
    cacheName: CACHE_NAMES.registry,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [withCors, onlyOk],
    matchOptions,
  }),
  'remote-manifest': remoteEntries,
  'remote-entry': remoteEntries,
  'remote-asset': new CacheFirst({
    cacheName: CACHE_NAMES.remoteAssets,
    plugins: [
      withCors,
      onlyOk,
      new ExpirationPlugin({
        maxEntries: REMOTE_ASSET_MAX_ENTRIES,
        maxAgeSeconds: REMOTE_ASSET_MAX_AGE_SECONDS,
        purgeOnQuotaError: true,
      }),
    ],
    matchOptions,
  }),
};

const strategyFor = (url: URL) => strategies[classifyRequest(url, self.location.origin)];

registerRoute(
  ({ url }) => strategyFor(url) !== undefined,
  async (options: RouteHandlerCallbackOptions) => {
    const strategy = strategyFor(options.url);
    if (!strategy) return fetch(options.request);
    try {
      return await strategy.handle(options);
    } catch (error) {
      // Nothing cached and the CORS fetch failed (a host that sends no CORS headers for its chunks,
      // say): the browser's own no-cors request still works; it is just not cached.
      if (options.request.mode === 'no-cors') return fetch(options.request);
      throw error;
    }
  },
);
