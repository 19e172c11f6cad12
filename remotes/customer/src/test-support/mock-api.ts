import { cleanup } from '@testing-library/react';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** Path under /api/v1, e.g. '/account/get'. */
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => unknown;

export const jsonResponse = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A failed call as the server sends it (server/README "Contract"). */
export const apiError = (status: number, message: string) =>
  jsonResponse({ error: status === 400 ? 'Bad Request' : 'Error', message }, status);

/**
 * Answers fetch from a table keyed 'METHOD /path' (a value, or a function of the call); anything
 * else is a 404, so a test sees an unexpected call fail loudly. Every call is recorded.
 */
export function mockApi(handlers: Record<string, unknown>) {
  const calls: ApiCall[] = [];
  const answer = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const call: ApiCall = {
      method,
      path: url.pathname.replace(/^\/api\/v1/, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    // Images are not API calls: happy-dom loads <img> sources itself.
    if (call.path.startsWith('/file/image/')) {
      return new Response('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', {
        headers: { 'Content-Type': 'image/svg+xml' },
      });
    }
    calls.push(call);
    const key = `${method} ${call.path}`;
    if (!(key in handlers)) return apiError(404, `No mock for ${key}`);
    const handler = handlers[key];
    const result: unknown = typeof handler === 'function' ? await (handler as Handler)(call) : handler;
    return result instanceof Response ? result : jsonResponse(result);
  };
  // The app calls the global fetch; happy-dom's own window (document.defaultView) fetches images.
  for (const target of new Set([globalThis, document.defaultView ?? globalThis])) {
    vi.spyOn(target, 'fetch').mockImplementation(answer);
  }
  return {
    calls,
    callsTo: (method: string, path: string) =>
      calls.filter((call) => call.method === method && call.path === path),
  };
}

/**
 * For afterEach: unmount first, then restore fetch, so nothing the page still does after the test
 * (a query refetching, an image loading) reaches the real network.
 */
export function unmountAndRestore() {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
}
