import { describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import { failedLoadMessage, failureKind, retryDownload, withDownloadRetry } from './failure-kind.rules';

/** An error as another bundle or the engine throws it: known only by its name and message. */
function thrown(name: string, message: string, cause?: unknown): Error {
  const error = new Error(message, { cause });
  error.name = name;
  return error;
}

describe('failureKind', () => {
  it('is a load failure when a remote has no manifest or entry (federation RUNTIME-003, RUNTIME-008)', () => {
    const manifest = new Error(
      '[ Federation Runtime ]: Failed to get manifest. #RUNTIME-003\nargs: {"manifestUrl":"http://localhost:8081/customer/1.0.0/mf-manifest.json"}',
    );
    const entry = new Error('[ Federation Runtime ]: Failed to load script resources. #RUNTIME-008');
    expect(failureKind(manifest)).toBe('load');
    expect(failureKind(entry)).toBe('load');
  });

  it('is a crash for the other federation codes (a remote that loaded but does not fit)', () => {
    expect(
      failureKind(
        new Error('[ Federation Runtime ]: The remote does not expose the requested module. #RUNTIME-014'),
      ),
    ).toBe('crash');
    expect(failureKind(new Error('Failed to get manifest. #RUNTIME-0031'))).toBe('crash');
  });

  it("is a load failure when a lazy chunk did not download (the bundler's ChunkLoadError)", () => {
    expect(failureKind(thrown('ChunkLoadError', 'Loading chunk 532 failed.\n(error: http://x/532.js)'))).toBe(
      'load',
    );
    expect(failureKind(new Error('Loading CSS chunk spend-chart failed.'))).toBe('load');
  });

  it("is a load failure for each engine's words for a module that did not download", () => {
    const chromium = new TypeError('Failed to fetch dynamically imported module: http://x/page.js');
    const webkit = new TypeError('Importing a module script failed.');
    const gecko = new TypeError('error loading dynamically imported module: http://x/page.js');
    expect([chromium, webkit, gecko].map(failureKind)).toEqual(['load', 'load', 'load']);
  });

  it("is a load failure for each engine's fetch that got no answer, and for the http client's NetworkError", () => {
    const fetches = ['Failed to fetch', 'Load failed', 'NetworkError when attempting to fetch resource.'];
    expect(fetches.map((message) => failureKind(new TypeError(message)))).toEqual(['load', 'load', 'load']);
    expect(failureKind(new NetworkError(new TypeError('Failed to fetch')))).toBe('load');
    // Another bundle's copy of the class is recognised by its name.
    expect(failureKind(thrown('NetworkError', 'The network is unavailable.'))).toBe('load');
  });

  it('is a crash when the server answered, whatever the status: it was reached', () => {
    expect(failureKind(new ApiError(503, undefined))).toBe('crash');
    expect(failureKind(new ApiError(500, 'Internal Server Error'))).toBe('crash');
    expect(failureKind(new ApiError(404, 'Promotion not found'))).toBe('crash');
  });

  it('looks through the causes a wrapper adds', () => {
    const wrapped = new Error('The customer remote failed.', {
      cause: thrown('ChunkLoadError', 'Loading chunk 7 failed.'),
    });
    expect(failureKind(wrapped)).toBe('load');
  });

  it('is a crash for anything thrown while rendering', () => {
    expect(failureKind(new TypeError("Cannot read properties of undefined (reading 'length')"))).toBe(
      'crash',
    );
    expect(failureKind(new RangeError('Invalid time value'))).toBe('crash');
    // A TypeError is a load failure only in the exact words of a fetch that got no answer.
    expect(failureKind(new TypeError('Failed to fetch the promotion name'))).toBe('crash');
    expect(failureKind('a string')).toBe('crash');
    expect(failureKind(undefined)).toBe('crash');
    expect(failureKind(null)).toBe('crash');
  });

  it('stops after a few causes, so a cycle cannot hang it', () => {
    const cycle = new Error('outer');
    Object.assign(cycle, { cause: cycle });
    expect(failureKind(cycle)).toBe('crash');
  });
});

describe('retryDownload', () => {
  it('calls the retry a failed download carries, and does nothing for an error without one', () => {
    const retry = vi.fn();
    const failed = withDownloadRetry(new Error('Loading chunk 7 failed.'), retry);
    retryDownload(failed);
    expect(retry).toHaveBeenCalledTimes(1);
    expect(() => retryDownload(new Error('Boom'))).not.toThrow();
    expect(() => retryDownload(undefined)).not.toThrow();
    expect(withDownloadRetry('a string', retry)).toBe('a string');
  });

  it('starts afresh every lazy part that failed with one shared chunk error, not only the last', () => {
    const page = vi.fn();
    const table = vi.fn();
    const shared = new Error('Loading chunk h failed.');
    withDownloadRetry(shared, page);
    withDownloadRetry(shared, table);
    retryDownload(shared);
    expect(page).toHaveBeenCalledTimes(1);
    expect(table).toHaveBeenCalledTimes(1);
  });
});

describe('failedLoadMessage', () => {
  it('asks to check the connection only when the request got no answer', () => {
    expect(failedLoadMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'Check your connection and try again.',
    );
    expect(failedLoadMessage(new TypeError('Load failed'))).toBe('Check your connection and try again.');
  });

  it('says the server cannot be reached when the host answered for an API it could not reach', () => {
    for (const status of [502, 503, 504]) {
      expect(failedLoadMessage(new ApiError(status, 'The API is not reachable.'))).toBe(
        'The server cannot be reached just now. Try again in a moment.',
      );
    }
  });

  it('names a server error as the server’s, and shows the server’s reason for a refused request', () => {
    expect(failedLoadMessage(new ApiError(500, undefined))).toBe(
      'The server could not answer just now. Try again in a moment.',
    );
    expect(failedLoadMessage(new ApiError(500, 'Internal Server Error'))).toBe(
      'The server could not answer just now. Try again in a moment.',
    );
    expect(failedLoadMessage(new ApiError(404, 'Promotion not found.'))).toBe('Promotion not found.');
    expect(failedLoadMessage(new ApiError(403, undefined))).toBe(
      'The server could not answer just now. Try again in a moment.',
    );
  });

  it('calls an answer the screen could not use a failure of the screen, not of the connection', () => {
    expect(failedLoadMessage(new SyntaxError('Unexpected token < in JSON at position 0'))).toBe(
      'Something went wrong on this screen. Try again, or reload the app.',
    );
    expect(failedLoadMessage(new TypeError("Cannot read properties of undefined (reading 'map')"))).toBe(
      'Something went wrong on this screen. Try again, or reload the app.',
    );
  });
});
