import { provideQueryClient } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session-rules';
import type { Session } from '@promo/domain/types';
import { NotificationArea } from '@promo/ui/notifications';
import { pageFrame } from '@promo/ui/page-frame';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { Suspense, type ReactNode } from 'react';
import { AppRouter, AppRoutes, createAppMemoryHistory, useLocation } from '@promo/ui/router';
import { vi } from 'vitest';

/** One answer of the mocked API: a status and a JSON body. */
export interface ApiAnswer {
  status?: number;
  body?: unknown;
}

type Handler = ApiAnswer | ((request: { url: URL; body: unknown }) => ApiAnswer | Promise<ApiAnswer>);

/** The URL a fetch call asked for. */
export function requestUrl(input: string | URL | Request): string {
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** Every URL the page fetched, in order. */
export function fetchedUrls(fetch: ReturnType<typeof mockApi>): string[] {
  return fetch.mock.calls.map(([input]) => requestUrl(input));
}

/**
 * Replaces fetch with a small fake of /api/v1: keys are 'METHOD /path'
 * (without /api/v1); anything unexpected answers 404 so a test sees it. Returns the mock, whose
 * calls tell what the page sent.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const fetch = vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(requestUrl(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const key = `${method} ${url.pathname.replace(/^\/api\/v1/, '')}`;
    const handler = handlers[key];
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const answer =
      handler === undefined
        ? { status: 404, body: { error: 'Not Found', message: `No mock for ${key}` } }
        : typeof handler === 'function'
          ? await handler({ url, body })
          : handler;
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The JSON bodies the page posted to `path` (without /api/v1). */
export function postedTo(fetch: ReturnType<typeof mockApi>, path: string): unknown[] {
  return fetch.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && requestUrl(input).endsWith(path))
    .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined));
}

function Where() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

/**
 * Renders a page as the shell would: one QueryClient with the session already known, the
 * notification area, and a memory router at `url`. Other paths render their location,
 * so a test can see where the page went.
 */
export function renderPage(
  element: ReactNode,
  { path, url = path, session = ANONYMOUS_SESSION }: { path: string; url?: string; session?: Session },
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const clientPromise = Promise.resolve(queryClient);
  provideQueryClient(() => clientPromise);
  currentSession.set(session);
  const history = createAppMemoryHistory([url]);
  const routes = [
    { path, element: <Suspense fallback={<p>Loading page…</p>}>{element}</Suspense> },
    { path: '*', element: <Where /> },
  ];
  const view = render(
    <QueryClientProvider client={queryClient}>
      <NotificationArea />
      <AppRouter history={history}>
        <AppRoutes routes={routes} />
      </AppRouter>
    </QueryClientProvider>,
  );
  return { ...view, queryClient, history, title: () => pageFrame.get().title };
}
