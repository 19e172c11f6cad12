import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionInfo, provideEarlySessionInfo } from './session.queries';

const CUSTOMER = { role: 'customer', userid: 'U1', accountid: 'G100001' } as const;
const ANONYMOUS = { role: 'anonymous', userid: '0' } as const;

function answerFetch(body: unknown) {
  const fetchMock = vi.fn(() =>
    Promise.resolve(new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } })),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('getSessionInfo', () => {
  it('uses the answer the shell entry already has, once, then asks the API', async () => {
    const fetchMock = answerFetch(ANONYMOUS);
    provideEarlySessionInfo(Promise.resolve(CUSTOMER));
    await expect(getSessionInfo()).resolves.toEqual(CUSTOMER);
    expect(fetchMock).not.toHaveBeenCalled();
    await expect(getSessionInfo()).resolves.toEqual(ANONYMOUS);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('asks the API when the early answer failed', async () => {
    const fetchMock = answerFetch(CUSTOMER);
    provideEarlySessionInfo(Promise.reject(new Error('offline')));
    await expect(getSessionInfo()).resolves.toEqual(CUSTOMER);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
