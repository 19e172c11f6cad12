/**
 * How every /api/v1 call is sent: the session cookie, JSON in and out. The http client builds on
 * it, and so do the shell entry's first requests (shell/src/federation/early-loading.ts), which run
 * before the shared modules are negotiated: this module holds no state, so the entry's own copy of
 * it is the same request.
 */
export function sendApiRequest(url: string, method: 'GET' | 'POST', body?: unknown): Promise<Response> {
  return fetch(url, {
    method,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
