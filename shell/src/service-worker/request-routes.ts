/**
 * What the service worker does with a request, decided from its URL alone (pure, so it is tested
 * without a worker).
 *
 * The remotes live on other origins that are unknown when the shell is built (the environment's
 * registry names them at run time), so remote files are recognised by their shape: the registry,
 * a federation manifest, a remote entry, a content-hashed file. The page's Content-Security-Policy
 * admits scripts, styles and fetches from the environment's remote origins only, so the only
 * cross-origin files of these shapes a page can load are its remotes'.
 */

export type RequestKind =
  /** The environment's remote registry (registry.json, here or on the remotes' CDN): network-first. */
  | 'remote-registry'
  /** A remote's mf-manifest.json: network-first with a short timeout. */
  | 'remote-manifest'
  /** A remote's remoteEntry.js: network-first with a short timeout. */
  | 'remote-entry'
  /** A remote's content-hashed file (js, css, fonts, images): cache-first, with expiry. */
  | 'remote-asset'
  /** The API: never stored in Cache Storage; the worker leaves it to the network. */
  | 'api'
  /** Anything else: no runtime route (the precache answers the shell's own files). */
  | 'other';

const API_PATH_PREFIX = '/api/';

/** Rsbuild names hashed files `name.<hash>.ext` (10 hex digits today; 8 or more accepted). */
const HASHED_FILE = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

/** An API URL on any origin (the API may live on its own origin): never cached. */
export const isApiUrl = (url: URL) => url.pathname.startsWith(API_PATH_PREFIX);

export function classifyRequest(url: URL, selfOrigin: string): RequestKind {
  if (isApiUrl(url)) return 'api';
  if (url.pathname.endsWith('/registry.json')) return 'remote-registry';
  if (url.origin === selfOrigin) return 'other';
  if (url.pathname.endsWith('/mf-manifest.json')) return 'remote-manifest';
  if (url.pathname.endsWith('/remoteEntry.js')) return 'remote-entry';
  if (HASHED_FILE.test(url.pathname)) return 'remote-asset';
  return 'other';
}

/** Pages another site may not open; the shell's host refuses such a navigation too (scripts/dev/start.ts). */
const NO_CROSS_SITE_ENTRY = ['/logout'];

/**
 * Whether a navigation the worker would answer opens one of those pages from another origin: its
 * referrer says so. The host sees Sec-Fetch-Site, which a worker is not shown; a link that sends
 * no referrer cannot be told from an address typed in, and goes on.
 */
export function isForeignEntry(url: URL, referrer: string, selfOrigin: string): boolean {
  if (!NO_CROSS_SITE_ENTRY.includes(url.pathname) || referrer === '') return false;
  try {
    return new URL(referrer).origin !== selfOrigin;
  } catch {
    return false;
  }
}
