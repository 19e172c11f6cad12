/**
 * What kind of failure an error boundary caught (docs/product-rules.md, 'Not-found and error pages'):
 * - `load`: code or data did not arrive. A remote's manifest or entry, a lazy chunk or an API call
 *   failed on the way, so "check your connection" and a retry are the honest advice.
 * - `crash`: what arrived threw. Nothing the person's connection did; the screen says so plainly
 *   and the error is reported.
 */
export type FailureKind = 'load' | 'crash';

/**
 * Module Federation's runtime codes for a remote whose files did not arrive: RUNTIME-003 the
 * manifest (unreachable, 404, not JSON), RUNTIME-008 the entry script.
 */
const FEDERATION_LOAD_CODES = /#RUNTIME-00[38]\b/;

/**
 * Each engine's words for a module or chunk that could not be downloaded, and for a fetch that never
 * got an answer. Matched on the message because the engines throw a plain TypeError for all of them.
 */
const DOWNLOAD_FAILURE_MESSAGES = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /Importing a module script failed/i, // WebKit
  /error loading dynamically imported module/i, // Gecko
  /Loading (CSS )?chunk \S+ failed/i, // the bundler's runtime (ChunkLoadError)
];
const FETCH_FAILURE_MESSAGES = [
  /^Failed to fetch$/i, // Chromium
  /^Load failed$/i, // WebKit
  /^NetworkError when attempting to fetch resource/i, // Gecko
];

/** Gateway answers: a proxy on the way could not reach the API. */
const UNREACHABLE_STATUSES = new Set([502, 503, 504]);

/** How many `cause`s deep to look: the federation runtime and the http client wrap what they caught. */
const MAX_CAUSE_DEPTH = 4;

function isLoadError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  const text = typeof message === 'string' ? message : '';
  // By name, not instanceof: the errors come from other bundles (a remote's copy of the http
  // client's classes, the bundler's runtime) and from the engine itself.
  if (name === 'ChunkLoadError' || name === 'NetworkError') return true;
  if (name === 'ApiError') {
    const { status } = error as { status?: unknown };
    return typeof status === 'number' && UNREACHABLE_STATUSES.has(status);
  }
  if (FEDERATION_LOAD_CODES.test(text)) return true;
  if (DOWNLOAD_FAILURE_MESSAGES.some((pattern) => pattern.test(text))) return true;
  return name === 'TypeError' && FETCH_FAILURE_MESSAGES.some((pattern) => pattern.test(text));
}

/** `load` when the error, or what it wraps, is a failed download or an unreachable server; else `crash`. */
export function failureKind(error: unknown): FailureKind {
  let current = error;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH; depth += 1) {
    if (isLoadError(current)) return 'load';
    if (typeof current !== 'object' || current === null || !('cause' in current)) break;
    current = current.cause;
  }
  return 'crash';
}

/** The property a failed download carries when it can be asked for again (lazyPage sets it). */
const RETRY = 'retryDownload';

/**
 * Marks a failed download as one that can be tried again: React.lazy keeps a failure for good, so
 * whoever loads lazily hands the error boundary a way to start afresh with the error itself (the
 * error crosses bundles; a property survives where a class or symbol would not).
 */
export function withDownloadRetry<T>(error: T, retry: () => void): T {
  if (typeof error === 'object' && error !== null) Object.assign(error, { [RETRY]: retry });
  return error;
}

/** Before an error boundary's Try again: lets a failed lazy download be asked for again. */
export function retryDownload(error: unknown): void {
  const retry =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[RETRY] : undefined;
  if (typeof retry === 'function') (retry as () => void)();
}
