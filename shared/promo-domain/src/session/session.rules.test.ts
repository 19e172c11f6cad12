import { describe, expect, it, vi } from 'vitest';
import { buildSession } from '../testing/data-generators';
import {
  ANONYMOUS_SESSION,
  hasSessionEnded,
  homePathFor,
  loadSession,
  type SessionSources,
} from './session.rules';

class Offline extends Error {}
const isNetworkFailure = (error: unknown) => error instanceof Offline;

function sources(overrides: Partial<SessionSources> = {}): SessionSources {
  return {
    isOnline: () => true,
    fetchSessionInfo: () => Promise.resolve({ role: 'customer', userid: 'U1', accountid: 'G100001' }),
    fetchUser: () => Promise.resolve(buildSession().user),
    readCached: () => Promise.resolve(undefined),
    writeCached: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

describe('loadSession', () => {
  it('fetches the session online, attaches the user record and caches it', async () => {
    const deps = sources();
    const session = await loadSession(deps, isNetworkFailure);
    expect(session).toEqual(buildSession());
    expect(deps.writeCached).toHaveBeenCalledWith(buildSession());
  });

  it('uses the cached session when the browser is offline, without calling the server', async () => {
    const cached = buildSession({ userid: 'cached' });
    const fetchSessionInfo = vi.fn();
    const session = await loadSession(
      sources({ isOnline: () => false, readCached: () => Promise.resolve(cached), fetchSessionInfo }),
      isNetworkFailure,
    );
    expect(session).toBe(cached);
    expect(fetchSessionInfo).not.toHaveBeenCalled();
  });

  it('falls back to the cached session when the server cannot be reached', async () => {
    const cached = buildSession({ userid: 'cached' });
    const session = await loadSession(
      sources({
        fetchSessionInfo: () => Promise.reject(new Offline()),
        readCached: () => Promise.resolve(cached),
      }),
      isNetworkFailure,
    );
    expect(session).toBe(cached);
  });

  it('is anonymous offline with nothing cached', async () => {
    expect(await loadSession(sources({ isOnline: () => false }), isNetworkFailure)).toEqual(
      ANONYMOUS_SESSION,
    );
  });

  it('clears the cache and loads no user when the server says anonymous', async () => {
    const deps = sources({ fetchSessionInfo: () => Promise.resolve({ role: 'anonymous', userid: '0' }) });
    const fetchUser = vi.spyOn(deps, 'fetchUser');
    expect(await loadSession(deps, isNetworkFailure)).toEqual(ANONYMOUS_SESSION);
    expect(deps.writeCached).toHaveBeenCalledWith(undefined);
    expect(fetchUser).not.toHaveBeenCalled();
  });

  it('rethrows a server error that is not a network failure', async () => {
    const failure = new Error('500');
    await expect(
      loadSession(sources({ fetchSessionInfo: () => Promise.reject(failure) }), isNetworkFailure),
    ).rejects.toBe(failure);
  });
});

describe('hasSessionEnded', () => {
  it('is true when a signed-in session turns anonymous', () => {
    expect(hasSessionEnded(buildSession(), ANONYMOUS_SESSION)).toBe(true);
  });
  it('is false for a visitor who was never signed in', () => {
    expect(hasSessionEnded(ANONYMOUS_SESSION, ANONYMOUS_SESSION)).toBe(false);
    expect(hasSessionEnded(undefined, ANONYMOUS_SESSION)).toBe(false);
  });
  it('is false while the user stays signed in', () => {
    expect(hasSessionEnded(buildSession(), buildSession())).toBe(false);
  });
});

describe('homePathFor', () => {
  it('sends reps to /salesrep, customers to / and visitors to /login', () => {
    expect(homePathFor(buildSession({ role: 'rep' }))).toBe('/salesrep');
    expect(homePathFor(buildSession())).toBe('/');
    expect(homePathFor(ANONYMOUS_SESSION)).toBe('/login');
  });
});
