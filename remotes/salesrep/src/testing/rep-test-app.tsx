import { provideQueryClient } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session/session';
import { buildSession } from '@promo/domain/testing/data-generators';
import type { Branch, Promotion, Session } from '@promo/domain/types';
import { pageFrame } from '@promo/ui/page-frame';
import { useStoreValue } from '@promo/ui/value-store';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createStore, Provider } from 'jotai';
import { Suspense } from 'react';
import { AppRouter, AppRoutes, createAppMemoryHistory, useLocation } from '@promo/ui/router';
import { expect, vi } from 'vitest';
import { createRoutes } from '../routes';

/**
 * The salesrep remote's routes as the shell renders them (one QueryClient, a jotai store for its own atoms, the
 * router), over a fake /api/v1 answered by the test's handlers. Every call is recorded.
 */

export interface ApiCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Handler = (call: ApiCall) => unknown;

export function repSession(overrides: Partial<Session> = {}): Session {
  return buildSession({
    role: 'rep',
    userid: 'U2001',
    user: {
      id: 'U2001',
      email: 'rep@demo.test',
      firstname: 'Rangi',
      surname: 'Parata',
      role: 'rep',
      allowedRegions: ['Auckland', 'Waikato'],
    },
    ...overrides,
    accountid: undefined,
  });
}

const branch = (branchID: string, branchName: string, code: string, region: string): Branch => ({
  branchID,
  branchName,
  branch: code,
  division: 'A',
  region,
});

/** The server sends only the rep's regions; Otago is here to prove the client limits it too. */
export const TEST_BRANCHES: Branch[] = [
  branch('101', 'Autolign Penrose', 'AKL1', 'Auckland'),
  branch('102', 'BNT East Tāmaki', 'AKL2', 'Auckland'),
  branch('201', 'Autolign Hamilton', 'WKO1', 'Waikato'),
  branch('202', 'BNT Te Rapa', 'WKO2', 'Waikato'),
  branch('901', 'Autolign Dunedin', 'OTA1', 'Otago'),
];

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Replaces fetch for the test; unknown calls answer 404 as the server would. */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: string | URL, init?: RequestInit) => {
    const url = new URL(input, 'http://shell.test');
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const method = init?.method ?? 'GET';
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const call = { method, path, query: url.searchParams, body };
    calls.push(call);
    const handler = handlers[`${method} ${path}`];
    if (!handler) return json({ error: 'Not Found', message: `No route ${method} ${path}.` }, 404);
    const result = await handler(call);
    return result instanceof Response ? result : json(result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** The bodies of the calls to `METHOD /path`, in order. */
    bodies: <T = unknown,>(key: string) =>
      calls.filter((call) => `${call.method} ${call.path}` === key).map((call) => call.body as T),
  };
}

function FrameTitle() {
  const { title, showBack } = useStoreValue(pageFrame);
  return (
    <p data-testid="frame">
      {title}
      {showBack ? ' (back)' : ''}
    </p>
  );
}

/** The header title (and back chevron) the page asked the shell for; pages set it in an effect. */
export async function expectFrame(text: string): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('frame')).toHaveTextContent(text));
}

function Where() {
  const location = useLocation();
  return <p>at {location.pathname + location.search}</p>;
}

/**
 * Loads the lazily imported pages ahead (call in beforeAll): the first import of a page compiles it,
 * which on a busy machine takes longer than a query waits.
 */
export async function preloadPages(): Promise<void> {
  await Promise.all([
    import('../pages/dashboard/dashboard-page'),
    import('../pages/promotion/promotion-page'),
    import('../pages/my-branches/my-branches-page'),
    import('../pages/select-branches/select-branches-page'),
    import('../pages/my-account/my-account-page'),
  ]);
}

export function renderRep(path: string, options: { session?: Session } = {}) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const clientPromise = Promise.resolve(client);
  provideQueryClient(() => clientPromise);
  currentSession.set(options.session ?? repSession());
  const store = createStore();
  const history = createAppMemoryHistory([path]);
  const routes = [...createRoutes(), { path: '*', element: <Where /> }];
  const view = render(
    <QueryClientProvider client={client}>
      <Provider store={store}>
        <FrameTitle />
        <Suspense fallback={<p>Loading page…</p>}>
          <AppRouter history={history}>
            <AppRoutes routes={routes} />
          </AppRouter>
        </Suspense>
      </Provider>
    </QueryClientProvider>,
  );
  return { ...view, history, client, store };
}

export function promotion(overrides: Partial<Promotion> = {}): Promotion {
  const now = Date.now();
  return {
    id: 'PROMO-TierUp-Hampers',
    name: 'Tier Up Hamper Challenge',
    startTimestamp: now - 21 * 86_400_000,
    endTimestamp: now + 20 * 86_400_000,
    status: 'active',
    termsConditions: '<p>Terms</p>',
    details: '<p>Details</p>',
    prizes: [],
    ...overrides,
  };
}
