/**
 * The Cache Storage names the service worker writes. Shared by the worker (sw.ts) and the page
 * (logout purges every cache that is not one of these). None of them may hold user data: API
 * responses are never cached (request-routes.ts), only the app's code and where the remotes live.
 */
export const CACHE_PREFIX = 'ezy';
/** Bumped when the caching scheme changes, so the new worker starts from empty caches. */
export const CACHE_SUFFIX = 'v1';

export const CACHE_NAMES = {
  /** The shell's build, precached by workbox (name built by workbox-core from prefix and suffix). */
  precache: `${CACHE_PREFIX}-precache-${CACHE_SUFFIX}`,
  /** The environment's remote registry: where each remote's current version lives (no user data). */
  registry: `${CACHE_PREFIX}-remote-registry-${CACHE_SUFFIX}`,
  /** Each remote's mf-manifest.json and remoteEntry.js (network-first). */
  remoteEntries: `${CACHE_PREFIX}-remote-entries-${CACHE_SUFFIX}`,
  /** Remotes' hashed chunks (cache-first, with expiry). */
  remoteAssets: `${CACHE_PREFIX}-remote-assets-${CACHE_SUFFIX}`,
} as const;

/** Caches that hold only the app's code and configuration, kept across sign-outs. */
export function isAppCodeCache(name: string): boolean {
  // workbox-precaching also keeps a `-temp` twin of its cache while installing.
  return Object.values(CACHE_NAMES).some((known) => name === known || name === `${known}-temp`);
}
