import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendGet, sendPost } from './api-request';

afterEach(() => vi.restoreAllMocks());

function fakeFetch(answer: unknown) {
  return vi.spyOn(globalThis, 'fetch').mockResolvedValue(Response.json(answer));
}

describe('sendGet and sendPost', () => {
  it('send the call under the API base with the session cookie, JSON in and out', async () => {
    const fetch = fakeFetch([{ id: 'u1' }]);
    const answer = await sendPost('https://api.example.test/api/v1/', '/user/get', { ids: ['u1'] });
    expect(await answer.json()).toEqual([{ id: 'u1' }]);
    expect(fetch).toHaveBeenCalledWith('https://api.example.test/api/v1/user/get', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ ids: ['u1'] }),
    });
    await sendGet('/api/v1', '/account/get', '?ids=G1');
    expect(fetch).toHaveBeenLastCalledWith('/api/v1/account/get?ids=G1', {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: undefined,
    });
  });

  it('take their paths, bodies and answers from the contract, and nothing else', () => {
    // The shell entry's session requests (early-loading.ts) are typed by these; each line below
    // must fail the typecheck: a route off the contract, a body another route takes, an answer
    // read as another route's.
    const typeChecks = async () => {
      // @ts-expect-error no such route
      void sendGet('/api/v1', '/session/whoami');
      // @ts-expect-error /user/get is asked by ids
      void sendPost('/api/v1', '/user/get', { id: 'u1' });
      const session = await (await sendGet('/api/v1', '/session/get')).json();
      // @ts-expect-error the session answers with a role, not a list
      void session.length;
    };
    void typeChecks; // never run: the typecheck is its test
  });
});
