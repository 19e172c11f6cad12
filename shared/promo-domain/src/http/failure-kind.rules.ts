/**
 * What kind of failure an error boundary caught (docs/product-rules.md, 'Not-found and error pages'):
 * - `load`: code or data did not arrive. A remote's manifest or entry, a lazy chunk or an API call
 *   failed on the way, so "check your connection" and a retry are the honest advice.
 * - `crash`: what arrived threw. Nothing the person's connection did; the screen says so plainly
 *   and the error is reported.
 */
export type FailureKind = 'load' | 'crash';

/**
 * A load failure, matched on "name: message" because the errors come from other bundles (a
 * remote's copy of the http client's classes, the bundler's runtime) and from the engine itself,
 * where instanceof cannot tell:
 * - Module Federation's codes for a remote whose files did not arrive: RUNTIME-003 the manifest
 *   (unreachable, 404, not JSON), RUNTIME-008 the entry script;
 * - the bundler's ChunkLoadError, and the http client's NetworkError (a fetch that got no answer);
 * - each engine's words for a module that could not be downloaded (Chromium, WebKit, Gecko) and,
 *   as the whole message of a TypeError, for a fetch that got no answer.
 * An ApiError is no load failure: the server answered. (No query throws to a boundary; each screen
 * shows its own QueryError.)
 */
const LOAD_FAILURE =
  /#RUNTIME-00[38]\b|^(ChunkLoadError|NetworkError):|Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Loading (CSS )?chunk \S+ failed|^TypeError: (Failed to fetch|Load failed|NetworkError when attempting to fetch resource\.?)$/;

/** How many `cause`s deep to look: a wrapper may hold the failure it caught. */
const MAX_CAUSE_DEPTH = 4;

/** `load` when the error, or what it wraps, is a failed download or an unreachable server; else `crash`. */
export function failureKind(error: unknown): FailureKind {
  let current = error as { name?: unknown; message?: unknown; cause?: unknown } | null;
  for (let depth = 0; depth <= MAX_CAUSE_DEPTH && typeof current === 'object' && current; depth += 1) {
    if (LOAD_FAILURE.test(`${String(current.name)}: ${String(current.message)}`)) return 'load';
    current = current.cause as typeof current;
  }
  return 'crash';
}

/** The property a failed download carries when it can be asked for again (lazyPage sets it). */
const RETRY = 'retryDownload';

/**
 * Marks a failed download as one that can be tried again: React.lazy keeps a failure for good, so
 * whoever loads lazily hands the error boundary a way to start afresh with the error itself (the
 * error crosses bundles; a property survives where a class or symbol would not).
 *
 * Several lazy parts can fail with one error object: the bundler loads a chunk they share once, and
 * each waiting import rejects with that chunk's error. Each part's retry is kept, so Try again
 * starts every one of them afresh, not only the last to be told.
 */
export function withDownloadRetry<T>(error: T, retry: () => void): T {
  if (typeof error === 'object' && error !== null) {
    const earlier = (error as Record<string, unknown>)[RETRY];
    const all =
      typeof earlier === 'function'
        ? () => {
            (earlier as () => void)();
            retry();
          }
        : retry;
    Object.assign(error, { [RETRY]: all });
  }
  return error;
}

/** Before an error boundary's Try again: lets a failed lazy download be asked for again. */
export function retryDownload(error: unknown): void {
  const retry =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[RETRY] : undefined;
  if (typeof retry === 'function') (retry as () => void)();
}

/** Data that did not arrive: the request did not get through, and a retry may. */
export const CHECK_CONNECTION = 'Check your connection and try again.';
/** The API answered through the shell's host, but the host could not reach it (502, 503, 504). */
export const SERVER_UNREACHABLE = 'The server cannot be reached just now. Try again in a moment.';
/** The API answered with an error of its own and no reason to show. */
export const SERVER_FAILED = 'The server could not answer just now. Try again in a moment.';
/** What arrived could not be used: no connection advice would help. */
export const SCREEN_FAILED = 'Something went wrong on this screen. Try again, or reload the app.';

/**
 * The way out under a screen whose data could not be loaded, from what the query failed with: only
 * a request that got no answer says "check your connection". A server that answered is named as
 * such (with its own reason when it sent one), and anything else is a failure of the screen itself.
 */
export function failedLoadMessage(error: unknown): string {
  const answered = error as { name?: unknown; status?: unknown; serverMessage?: unknown } | null;
  if (answered?.name === 'ApiError' && typeof answered.status === 'number') {
    if ([502, 503, 504].includes(answered.status)) return SERVER_UNREACHABLE;
    if (answered.status < 500 && typeof answered.serverMessage === 'string') return answered.serverMessage;
    return SERVER_FAILED;
  }
  return failureKind(error) === 'load' ? CHECK_CONNECTION : SCREEN_FAILED;
}
