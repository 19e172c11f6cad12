import { accountQueries } from '@promo/domain/account/account.queries';
import { currentSession } from '@promo/domain/session/session';
import { queueAuditEvent, queuedAuditEvents, sendHeldViews, viewsHeld } from '@promo/domain/rep/audit-queue';
import { markBriefcase, readBriefcaseMarker } from '@promo/domain/rep/briefcase-marker';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';
import { buildAccount, buildCustomerView, buildRepSession } from '@promo/domain/testing/data-generators';
import { IDBFactory } from 'fake-indexeddb';
import { QueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import { apiCalls, apiError, mockApi } from '@promo/ui/testing';
import { delay, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setQueryRuntime } from '../query-client/query-access';
import { queryRuntimeFor } from '../query-client/query-runtime';
import { CACHE_NAMES } from '../service-worker/cache-names';
import { offlineStore } from '../offline/offline-store';
import { LOCAL_CLEAR_WAIT_MS, SERVER_SIGN_OUT_WAIT_MS } from '../session/sign-out';
import { LogoutPage } from './logout-page';

/** Cache Storage in memory: cache name → request URLs. */
function stubCaches(contents: Record<string, string[]>) {
  const stored = new Map(Object.entries(contents).map(([name, urls]) => [name, new Set(urls)]));
  vi.stubGlobal('caches', {
    keys: () => Promise.resolve([...stored.keys()]),
    delete: (name: string) => Promise.resolve(stored.delete(name)),
    open: (name: string) =>
      Promise.resolve({
        keys: () => Promise.resolve([...(stored.get(name) ?? [])].map((url) => ({ url }))),
        delete: (request: { url: string }) => Promise.resolve(stored.get(name)?.delete(request.url) ?? false),
      }),
  });
  return () => Object.fromEntries([...stored].map(([name, urls]) => [name, [...urls]]));
}

/** A browser whose worker holds a push subscription; returns its unsubscribe, to see it called. */
function stubPushSubscription(endpoint: string) {
  const unsubscribe = vi.fn(() => Promise.resolve(true));
  const registration = { pushManager: { getSubscription: () => Promise.resolve({ endpoint, unsubscribe }) } };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
  return unsubscribe;
}

function renderLogout(queryClient: QueryClient, leave?: (url: string) => void) {
  setQueryRuntime(queryRuntimeFor(queryClient));
  const routes = [
    { path: '/logout', element: <LogoutPage {...(leave ? { leave } : {})} /> },
    { path: '/login', element: <p>Login screen</p> },
  ];
  render(
    <AppRouter history={createAppMemoryHistory(['/logout'])}>
      <AppRoutes routes={routes} />
    </AppRouter>,
  );
}

describe('LogoutPage', () => {
  beforeEach(() => {
    localStorage.clear();
    // The offline store falls back to localStorage here (no IndexedDB in the test DOM).
    localStorage.setItem('promotion-pwa:session', '{"role":"customer","userid":"u1","accountid":"G100001"}');
    localStorage.setItem('promotion-pwa:query-cache', '{"version":1}');
  });

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setQueryRuntime(undefined);
  });

  it.each([
    ['the server signs out', () => ({ ok: true })],
    ['the network is down', () => HttpResponse.error()],
  ])('clears every copy of the user data and goes to /login when %s', async (_case, answer) => {
    mockApi({ 'GET /session/logout': answer });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const cacheContents = stubCaches({
      [CACHE_NAMES.precache]: ['http://app.nz/index.html'],
      [CACHE_NAMES.remoteEntries]: [
        'http://cdn.nz/customer/1/mf-manifest.json',
        'http://app.nz/api/v1/session/get',
      ],
      'someone-elses-cache': ['http://app.nz/api/v1/account/get?ids=G100001'],
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(accountQueries.detail('G100001').queryKey, buildAccount({ id: 'G100001' }));

    renderLogout(queryClient);
    expect(await screen.findByText('Login screen')).toBeInTheDocument();

    expect(Object.keys(localStorage).filter((key) => key.startsWith('promotion-pwa:'))).toEqual([]);
    expect(cacheContents()).toEqual({
      [CACHE_NAMES.precache]: ['http://app.nz/index.html'],
      [CACHE_NAMES.remoteEntries]: ['http://cdn.nz/customer/1/mf-manifest.json'],
    });
    expect(queryClient.getQueryData(accountQueries.detail('G100001').queryKey)).toBeUndefined();
    expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
  });

  it("goes by the identity provider's sign-out, once everything is cleared, for a session begun there", async () => {
    const endSessionUrl = 'https://idp.example.com/session/end?id_token_hint=t&client_id=ezy';
    mockApi({ 'GET /session/logout': { ok: true, endSessionUrl } });
    stubCaches({});
    const leave = vi.fn();
    renderLogout(new QueryClient(), leave);
    await vi.waitFor(() => expect(leave).toHaveBeenCalledWith(endSessionUrl));
    expect(Object.keys(localStorage).filter((key) => key.startsWith('promotion-pwa:'))).toEqual([]);
    expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
    expect(screen.queryByText('Login screen')).not.toBeInTheDocument();
  });

  it("turns this device's notifications off, on the server first, before the session ends", async () => {
    const endpoint = 'https://fcm.googleapis.com/fcm/send/this-device';
    const unsubscribe = stubPushSubscription(endpoint);
    mockApi({ 'POST /notifications/unsubscribe': { ok: true }, 'GET /session/logout': { ok: true } });
    stubCaches({});
    renderLogout(new QueryClient());
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(apiCalls.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /notifications/unsubscribe',
      'GET /session/logout',
    ]);
    expect(apiCalls.bodies('POST /notifications/unsubscribe')).toEqual([{ endpoint }]);
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it("sends the rep's views made offline before the session ends, then deletes the briefcase that queued them", async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    currentSession.set(buildRepSession());
    const view = buildCustomerView();
    await queueAuditEvent(briefcaseStorage(), view);
    markBriefcase({ viewsQueued: true });
    mockApi({ 'POST /audit/log': { ok: true }, 'GET /session/logout': { ok: true } });
    stubCaches({});
    renderLogout(new QueryClient());
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(apiCalls.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /audit/log',
      'GET /session/logout',
    ]);
    expect(apiCalls.bodies('POST /audit/log')).toEqual([view]);
    expect(await queuedAuditEvents(briefcaseStorage())).toEqual([]);
    expect(viewsHeld()).toBe(false);
  });

  it("offline, keeps the rep's views made offline apart from the briefcase it deletes, and sends them when the rep is next online", async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    currentSession.set(buildRepSession());
    const view = buildCustomerView();
    await queueAuditEvent(briefcaseStorage(), view);
    markBriefcase({ viewsQueued: true });
    mockApi({ 'GET /session/logout': () => HttpResponse.error() });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubCaches({});
    renderLogout(new QueryClient());
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(apiCalls.bodies('POST /audit/log')).toEqual([]);
    expect(await queuedAuditEvents(briefcaseStorage())).toEqual([]);
    expect(viewsHeld()).toBe(true);
    // So the next rep's page online looks after them (briefcase-upkeep-trigger.ts).
    expect(readBriefcaseMarker().viewsQueued).toBe(true);

    mockApi({ 'POST /audit/log': { ok: true } });
    await sendHeldViews('rep@demo.test');
    expect(apiCalls.bodies('POST /audit/log')).toEqual([view]);
    expect(viewsHeld()).toBe(false);
  });

  it('offline, still drops the subscription in the browser, and signs out here all the same', async () => {
    const unsubscribe = stubPushSubscription('https://fcm.googleapis.com/fcm/send/this-device');
    mockApi({
      'POST /notifications/unsubscribe': () => HttpResponse.error(),
      'GET /session/logout': () => HttpResponse.error(),
    });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubCaches({});
    renderLogout(new QueryClient());
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(unsubscribe).toHaveBeenCalledOnce();
    expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
    expect(errors).toHaveBeenCalledWith(
      "Signing out: this device's notifications could not be turned off here.",
      expect.anything(),
    );
  });

  it('goes to /login signed out when the server answers the logout with an error, and logs it', async () => {
    mockApi({ 'GET /session/logout': apiError(500, 'Boom') });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubCaches({});
    renderLogout(new QueryClient());
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
    expect(localStorage.getItem('promotion-pwa:session')).toBeNull();
    expect(errors).toHaveBeenCalledWith(expect.stringContaining('Logout failed'), expect.anything());
  });

  it('goes to /login signed out when the offline store and Cache Storage refuse to clear, and logs both', async () => {
    mockApi({ 'GET /session/logout': { ok: true } });
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(offlineStore, 'clear').mockRejectedValue(new DOMException('Refused', 'UnknownError'));
    vi.stubGlobal('caches', { keys: () => Promise.reject(new DOMException('Refused', 'SecurityError')) });
    renderLogout(new QueryClient());
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
    expect(errors).toHaveBeenCalledWith(
      'Signing out: the offline store could not be cleared.',
      expect.any(DOMException),
    );
    expect(errors).toHaveBeenCalledWith(
      'Signing out: Cache Storage could not be cleared.',
      expect.any(DOMException),
    );
  });

  it('goes to /login signed out when neither the server nor the offline store ever answers', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const never = () => new Promise<never>(() => undefined);
      mockApi({ 'GET /session/logout': () => delay('infinite') });
      const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      // An IndexedDB held by another tab's upgrade never answers.
      vi.spyOn(offlineStore, 'clear').mockImplementation(never);
      stubCaches({});
      renderLogout(new QueryClient());
      await act(() => vi.advanceTimersByTimeAsync(SERVER_SIGN_OUT_WAIT_MS + LOCAL_CLEAR_WAIT_MS));
      expect(await screen.findByText('Login screen')).toBeInTheDocument();
      expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
      expect(errors).toHaveBeenCalledWith(
        'Signing out: the offline store could not be cleared.',
        expect.objectContaining({ message: `No answer within ${LOCAL_CLEAR_WAIT_MS} ms.` }),
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
