/**
 * The shell's service worker (docs/decisions/009-offline-and-updates.md). Bundled by scripts/build/build-sw.ts after the shell's
 * build; workbox-build's injectManifest replaces `self.__WB_MANIFEST` with the shell's files.
 *
 * - The shell's build is precached; navigations are answered with the precached index.html, so the
 *   version the page runs changes only when a new worker takes over (the update prompt's Reload);
 *   the host's Link preloads are left off it (app-shell-response.ts).
 * - Remote files come from other origins, unknown at build time (request-routes.ts): the registry
 *   network-first with a short timeout; a manifest and remote entry cache-first when they lie in a
 *   version folder a cached registry names (immutable once deployed), else network-first; hashed
 *   chunks cache-first with expiry. So a return visit takes none of a remote's code from the network. They are fetched with CORS so the cached copies are readable, never opaque (an opaque
 *   response hides its status, so a failure could be cached).
 * - A remote version's files are cached whole when its manifest is first fetched (all that the
 *   manifest lists, remote-versions.ts), so every screen of a remote opens offline after one visit,
 *   not only the ones whose chunks the visit loaded; the same remote's other versions are dropped.
 * - Push messages show their notification, and a click opens its page inside the app (push.ts).
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
import { withoutStartupPreloads } from './app-shell-response';
import { CACHE_NAMES, CACHE_PREFIX, CACHE_SUFFIX, isAppCodeCache } from './cache-names';
import { registerPushHandlers } from './push';
import { classifyRequest, isForeignEntry, type RequestKind } from './request-routes';
import {
  isInVersionFolder,
  otherVersionUrls,
  remoteVersionFiles,
  versionFolders,
  type RemoteManifest,
  type RegistryVersions,
} from './remote-versions';

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

// ---- Push notifications (push.ts) -----------------------------------------------------------

registerPushHandlers(self);

// ---- The shell --------------------------------------------------------------------------------

// No directory index: `/` is answered by the navigation route below like every page, not with the
// stored index.html as it is (app-shell-response.ts).
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '' });
// A link from another site to /logout would sign people out as the page loads: it lands on the app,
// which shows who is signed in, as the host does for the navigations it answers (static-host.ts).
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && isForeignEntry(url, request.referrer, self.location.origin),
  () => Promise.resolve(Response.redirect(new URL('/', self.location.origin).href, 303)),
);
const appShell = createHandlerBoundToURL('/index.html');
registerRoute(
  new NavigationRoute(async (options) => withoutStartupPreloads(await appShell(options)), {
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

const kindOf = (url: URL) => classifyRequest(url, self.location.origin);

/**
 * The cache a remote file's route answers from (its strategy's own cache, `strategies` below): a
 * strategy reads only that cache, so a file put in another one is no use offline.
 */
const cacheNameFor = (url: string) => strategies[kindOf(new URL(url))]?.cacheName ?? CACHE_NAMES.remoteAssets;

/**
 * Caches every file of the remote version a manifest names (those not cached yet, at low priority
 * so the page's own requests go first), then drops the same remote's other versions. Awaited by
 * the strategy, so the worker stays alive until it is done.
 */
async function cacheRemoteVersion(manifestUrl: string, manifest: RemoteManifest): Promise<void> {
  const files = remoteVersionFiles(manifestUrl, manifest);
  await Promise.all(
    files.map(async (url) => {
      // Each file goes where its route looks for it. The page's own request for the remote entry
      // may be under way too: whichever stores it first, the entries' cache holds it, so a worker
      // cut off before that request's copy is stored (the connection lost) still starts offline.
      const cache = await caches.open(cacheNameFor(url));
      if (await cache.match(url, matchOptions)) return;
      const response = await fetch(url, { mode: 'cors', credentials: 'omit', priority: 'low' });
      if (response.status === 200) await cache.put(url, response);
    }),
  );
  for (const cacheName of [CACHE_NAMES.remoteAssets, CACHE_NAMES.remoteEntries]) {
    const cache = await caches.open(cacheName);
    const cached = (await cache.keys()).map((request) => request.url);
    await Promise.all(otherVersionUrls(manifestUrl, cached).map((url) => cache.delete(url)));
  }
}

const cacheWholeVersion: WorkboxPlugin = {
  cacheDidUpdate: async ({ request, newResponse }) => {
    try {
      await cacheRemoteVersion(request.url, (await newResponse.clone().json()) as RemoteManifest);
    } catch (error) {
      // Offline use is then limited to what was loaded; the page itself is unaffected.
      console.warn('A remote version could not be cached whole.', error);
    }
  },
};

const remoteManifests = new NetworkFirst({
  cacheName: CACHE_NAMES.remoteEntries,
  networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
  plugins: [withCors, onlyOk, cacheWholeVersion],
  matchOptions,
});

/** The version folders the cached registries name; read again once a registry changes. */
let knownVersionFolders: Promise<string[]> | undefined;

async function readVersionFolders(): Promise<string[]> {
  const cache = await caches.open(CACHE_NAMES.registry);
  const lists = await Promise.all(
    (await cache.keys()).map(async (request) => {
      try {
        const registry = (await (await cache.match(request, matchOptions))?.json()) as RegistryVersions;
        return versionFolders(request.url, registry ?? {});
      } catch {
        return []; // not a registry this worker can read: its files stay network-first
      }
    }),
  );
  return lists.flat();
}

/** Whether `url` is a file of a version folder, which a deploy never rewrites (remote-versions.ts). */
async function isImmutable(url: URL): Promise<boolean> {
  knownVersionFolders ??= readVersionFolders().catch(() => []);
  return isInVersionFolder(url.href, await knownVersionFolders);
}

const forgetVersionFolders: WorkboxPlugin = {
  cacheDidUpdate: () => {
    knownVersionFolders = undefined;
    return Promise.resolve();
  },
};

/** A version folder's manifest and entry: from the cache once there, so a return visit waits on no network. */
const immutableStrategies: Partial<Record<RequestKind, Strategy>> = {
  'remote-manifest': new CacheFirst({
    cacheName: CACHE_NAMES.remoteEntries,
    plugins: [withCors, onlyOk, cacheWholeVersion],
    matchOptions,
  }),
  'remote-entry': new CacheFirst({
    cacheName: CACHE_NAMES.remoteEntries,
    plugins: [withCors, onlyOk],
    matchOptions,
  }),
};

const strategies: Partial<Record<RequestKind, Strategy>> = {
  'remote-registry': new NetworkFirst({
    cacheName: CACHE_NAMES.registry,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [withCors, onlyOk, forgetVersionFolders],
    matchOptions,
  }),
  'remote-manifest': remoteManifests,
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

async function strategyFor(url: URL): Promise<Strategy | undefined> {
  const kind = kindOf(url);
  const immutable = immutableStrategies[kind];
  return immutable && (await isImmutable(url)) ? immutable : strategies[kind];
}

registerRoute(
  ({ url }) => strategies[kindOf(url)] !== undefined,
  async (options: RouteHandlerCallbackOptions) => {
    const strategy = await strategyFor(options.url);
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
