import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildSession } from '../testing/data-generators';
import { fetchSession, getSessionInfo, provideEarlySession } from './session.queries';

const CUSTOMER = { role: 'customer', userid: 'U1', accountid: 'G100001' } as const;
const ANONYMOUS = { role: 'anonymous', userid: '0' } as const;

// The demo customer's user record (the data generators' session), as /user/get answers it.
const USER_U1 = buildSession().user!;

function answerFetch(body: unknown) {
  const fetchMock = vi.fn((_url: string, _init?: RequestInit) =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('getSessionInfo', () => {
  it('uses the answer the shell entry already has, once, then asks the API', async () => {
    const fetchMock = answerFetch(ANONYMOUS);
    provideEarlySession(Promise.resolve(CUSTOMER));
    await expect(getSessionInfo()).resolves.toEqual(CUSTOMER);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(getSessionInfo()).resolves.toEqual(ANONYMOUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the API when the early answer failed', async () => {
    const fetchMock = answerFetch(CUSTOMER);
    provideEarlySession(Promise.reject(new Error('offline')));
    await expect(getSessionInfo()).resolves.toEqual(CUSTOMER);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('fetchSession with the early answers', () => {
  it("uses the user record the shell entry already asked for, when it is the session's user", async () => {
    const fetchMock = answerFetch([]);
    provideEarlySession(Promise.resolve(CUSTOMER), Promise.resolve(USER_U1));
    await expect(fetchSession()).resolves.toEqual({ ...CUSTOMER, user: USER_U1 });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks /user/get itself when the early record failed or is somebody else', async () => {
    for (const early of [Promise.reject(new Error('offline')), Promise.resolve({ ...USER_U1, id: 'U9' })]) {
      const fetchMock = answerFetch([USER_U1]);
      provideEarlySession(Promise.resolve(CUSTOMER), early);
      await expect(fetchSession()).resolves.toEqual({ ...CUSTOMER, user: USER_U1 });
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(fetchMock.mock.calls[0]?.[0]).toContain('/user/get');
      expect(fetchMock.mock.calls[0]?.[1]?.body).toBe(JSON.stringify({ ids: ['U1'] }));
      vi.unstubAllGlobals();
    }
  });
});
