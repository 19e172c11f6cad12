import { accountQueries } from '@promo/domain/account';
import { currentSession } from '@promo/domain/session';
import { buildAccount } from '@promo/domain/testing';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setQueryRuntime } from '../app/query-access';
import { queryRuntimeFor } from '../app/query-runtime';
import { CACHE_NAMES } from '../service-worker/cache-names';
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

function renderLogout(queryClient: QueryClient) {
  setQueryRuntime(queryRuntimeFor(queryClient));
  const routes = [
    { path: '/logout', element: <LogoutPage /> },
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
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    setQueryRuntime(undefined);
  });

  it.each([
    ['the server signs out', () => Promise.resolve(new Response('{"ok":true}', { status: 200 }))],
    ['the network is down', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('clears every copy of the user data and goes to /login when %s', async (_case, answer) => {
    vi.stubGlobal('fetch', vi.fn(answer));
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
});
