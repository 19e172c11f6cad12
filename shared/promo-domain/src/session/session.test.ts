import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApiInNode, mockApi } from '@promo/ui/testing/api-server';
import { buildSession } from '../testing/data-generators';
import {
  currentSession,
  fetchSession,
  getSessionInfo,
  provideEarlySession,
  startSessionChecks,
} from './session';
import { SESSION_CHECK_INTERVAL_MS } from './session.rules';

const CUSTOMER = { role: 'customer', userid: 'U1', accountid: 'G100001' } as const;
const ANONYMOUS = { role: 'anonymous', userid: '0' } as const;

// The demo customer's user record (the data generators' session), as /user/get answers it.
const USER_U1 = buildSession().user!;

fakeApiInNode();

/** The session check answers `session`; returns how many checks reached the API so far. */
function answerSession(session: object) {
  const api = mockApi({ 'GET /session/get': session });
  return () => api.callsTo('GET', '/session/get').length;
}

describe('getSessionInfo', () => {
  it('uses the answer the shell entry already has, once, then asks the API', async () => {
    const checks = answerSession(ANONYMOUS);
    provideEarlySession(Promise.resolve(CUSTOMER));
    await expect(getSessionInfo()).resolves.toEqual(CUSTOMER);
    expect(checks()).toBe(0);
    await expect(getSessionInfo()).resolves.toEqual(ANONYMOUS);
    expect(checks()).toBe(1);
  });

  it('asks the API when the early answer failed', async () => {
    const checks = answerSession(CUSTOMER);
    provideEarlySession(Promise.reject(new Error('offline')));
    await expect(getSessionInfo()).resolves.toEqual(CUSTOMER);
    expect(checks()).toBe(1);
  });
});

describe('fetchSession with the early answers', () => {
  it("uses the user record the shell entry already asked for, when it is the session's user", async () => {
    const api = mockApi({ 'POST /user/get': [] });
    provideEarlySession(Promise.resolve(CUSTOMER), Promise.resolve(USER_U1));
    await expect(fetchSession()).resolves.toEqual({ ...CUSTOMER, user: USER_U1 });
    expect(api.calls).toEqual([]);
  });

  it('asks /user/get itself when the early record failed or is somebody else', async () => {
    const api = mockApi({ 'POST /user/get': [USER_U1] });
    for (const early of [Promise.reject(new Error('offline')), Promise.resolve({ ...USER_U1, id: 'U9' })]) {
      const before = api.calls.length;
      provideEarlySession(Promise.resolve(CUSTOMER), early);
      await expect(fetchSession()).resolves.toEqual({ ...CUSTOMER, user: USER_U1 });
      expect(api.calls.slice(before).map((call) => [call.method, call.path, call.body])).toEqual([
        ['POST', '/user/get', { ids: ['U1'] }],
      ]);
    }
  });
});

describe('currentSession', () => {
  afterEach(() => {
    currentSession.reset();
    vi.useRealTimers();
  });

  it('is pending until the first check answers, then holds the session and tells its readers', async () => {
    answerSession(ANONYMOUS);
    const listener = vi.fn();
    currentSession.subscribe(listener);
    expect(currentSession.get().status).toBe('pending');
    await expect(currentSession.check()).resolves.toEqual(ANONYMOUS);
    expect(currentSession.get()).toEqual({ status: 'success', session: ANONYMOUS, error: undefined });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('resumes the saved session at once; the first check then confirms or replaces it', async () => {
    answerSession(ANONYMOUS);
    currentSession.resume({ ...CUSTOMER, user: USER_U1 });
    expect(currentSession.get()).toMatchObject({ status: 'success', session: { role: 'customer' } });
    // Not yet confirmed by the server: the next visible moment checks it.
    expect(currentSession.isStale()).toBe(true);
    await expect(currentSession.ensure()).resolves.toMatchObject({ role: 'customer' });

    await currentSession.check();
    expect(currentSession.get().session).toEqual(ANONYMOUS);
    // Once the server has answered, a saved session no longer overrides it.
    currentSession.resume({ ...CUSTOMER, user: USER_U1 });
    expect(currentSession.get().session).toEqual(ANONYMOUS);
  });

  it('asks once however many callers check together, and ensure reuses a known session', async () => {
    const checks = answerSession(ANONYMOUS);
    await Promise.all([currentSession.check(), currentSession.check(), currentSession.ensure()]);
    expect(checks()).toBe(1);
    await currentSession.ensure();
    expect(checks()).toBe(1);
  });

  it('a failed first check is an error state; a failed re-check keeps the session it had', async () => {
    mockApi({ 'GET /session/get': () => HttpResponse.json({}, { status: 500 }) });
    await expect(currentSession.check()).rejects.toThrow();
    expect(currentSession.get().status).toBe('error');

    currentSession.set(ANONYMOUS);
    await expect(currentSession.check()).rejects.toThrow();
    expect(currentSession.get()).toEqual({ status: 'success', session: ANONYMOUS, error: undefined });
  });

  it('says when a check could not reach the server, until a check reaches it again', async () => {
    mockApi({ 'GET /session/get': () => HttpResponse.error() });
    await expect(currentSession.check()).resolves.toEqual(ANONYMOUS);
    expect(currentSession.get()).toMatchObject({ status: 'success', serverUnreachable: true });

    answerSession(ANONYMOUS);
    await currentSession.check();
    expect(currentSession.get().serverUnreachable).toBeUndefined();
  });

  it('is re-checked every 5 minutes while visible, and on return once the answer is stale', async () => {
    vi.useFakeTimers();
    const checks = answerSession(ANONYMOUS);
    const win = new EventTarget() as unknown as Window;
    Object.assign(win, { setInterval, clearInterval });
    const doc = Object.assign(new EventTarget(), { visibilityState: 'visible' }) as unknown as Document;
    const stop = startSessionChecks({ window: win, document: doc });

    currentSession.set(ANONYMOUS);
    win.dispatchEvent(new Event('online'));
    expect(checks()).toBe(0); // fresh: no need to ask

    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    // The http client sends each request in the task after the call (a zero timeout here).
    await vi.advanceTimersByTimeAsync(1);
    expect(checks()).toBe(1);

    Object.assign(doc, { visibilityState: 'hidden' });
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_INTERVAL_MS);
    // The http client sends each request in the task after the call (a zero timeout here).
    await vi.advanceTimersByTimeAsync(1);
    expect(checks()).toBe(1); // hidden: no checks

    Object.assign(doc, { visibilityState: 'visible' });
    doc.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(1);
    expect(checks()).toBe(2); // stale on return: asked at once

    stop();
    await vi.advanceTimersByTimeAsync(2 * SESSION_CHECK_INTERVAL_MS);
    expect(checks()).toBe(2);
  });
});
