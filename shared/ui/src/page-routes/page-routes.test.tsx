import { retryDownload } from '@promo/domain/http/failure-kind.rules';
import { provideQueryClient } from '@promo/domain/remote-contract';
import { QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { ErrorBoundary } from '../error-boundary/error-boundary';
import { describe, expect, it, vi } from 'vitest';
import { eagerPage, lazyPage, pageRoutes, prefetchMissing } from './page-routes';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

const Hello = () => <h1>Hello page</h1>;

function renderInSuspense(element: React.ReactNode) {
  return render(<Suspense fallback={<p>Loading page</p>}>{element}</Suspense>);
}

describe('lazyPage', () => {
  it('shows the fallback while its code downloads, then the page', async () => {
    const code = deferred<{ default: typeof Hello }>();
    const { Page } = lazyPage(() => code.promise);
    renderInSuspense(<Page />);
    expect(screen.getByText('Loading page')).toBeInTheDocument();
    code.resolve({ default: Hello });
    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
  });

  it('renders at once, without suspending, once its code was preloaded', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Hello }));
    const { Page, preload } = lazyPage(load);
    await preload();
    renderInSuspense(<Page />);
    // No waiting: the first commit already holds the page.
    expect(screen.getByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    expect(screen.queryByText('Loading page')).not.toBeInTheDocument();
    await preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("passes the props it is given to the page (a view within a page takes the page's)", async () => {
    const Greeting = ({ name }: { name: string }) => <h1>Hello {name}</h1>;
    const view = lazyPage(() => Promise.resolve({ default: Greeting }));
    await view.preload();
    renderInSuspense(<view.Page name="Aroha" />);
    expect(screen.getByRole('heading', { name: 'Hello Aroha' })).toBeInTheDocument();
  });

  it('asks for its code again when first rendered after a preload whose download failed', async () => {
    let reachable = false;
    const load = vi.fn(() =>
      reachable
        ? Promise.resolve({ default: Hello })
        : Promise.reject(Object.assign(new Error('Loading chunk 8 failed.'), { name: 'ChunkLoadError' })),
    );
    const { Page, preload } = lazyPage(load);
    await expect(preload()).rejects.toThrow('Loading chunk 8 failed.');
    reachable = true;
    render(
      <Suspense fallback={<p>Loading page</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('asks for its code again after a failed download, so a retry of the boundary can show it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let reachable = false;
    const load = vi.fn(() =>
      reachable
        ? Promise.resolve({ default: Hello })
        : Promise.reject(Object.assign(new Error('Loading chunk 7 failed.'), { name: 'ChunkLoadError' })),
    );
    const { Page } = lazyPage(load);
    render(
      <ErrorBoundary
        fallbackRender={({ error, resetErrorBoundary }) => (
          <button
            onClick={() => {
              retryDownload(error);
              resetErrorBoundary();
            }}
          >
            Try again
          </button>
        )}
      >
        <Suspense fallback={<p>Loading page</p>}>
          <Page />
        </Suspense>
      </ErrorBoundary>,
    );
    const retry = await screen.findByRole('button', { name: 'Try again' });
    const failedCalls = load.mock.calls.length;
    reachable = true;
    await userEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    expect(load.mock.calls.length).toBeGreaterThan(failedCalls);
    vi.restoreAllMocks();
  });
});

describe('pageRoutes', () => {
  it('gives the shell one route per page, rendering that page', () => {
    const { createRoutes } = pageRoutes([
      { path: '/', page: eagerPage(Hello), queries: false },
      { path: '/other', page: eagerPage(() => <h1>Other</h1>), queries: false },
    ]);
    const routes = createRoutes();
    expect(routes.map((route) => route.path)).toEqual(['/', '/other']);
    render(<>{routes[0]?.element}</>);
    expect(screen.getByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
  });

  it("renders a page inside the app's QueryClient, except a page that asks for no data", async () => {
    const client = new QueryClient();
    const load = vi.fn(() => Promise.resolve(client));
    const clientPromise = load();
    provideQueryClient(() => clientPromise);
    function UsesClient() {
      return <h1>{useQueryClient() === client ? 'The app client' : 'Another client'}</h1>;
    }
    const { createRoutes } = pageRoutes([
      { path: '/data', page: eagerPage(UsesClient) },
      { path: '/login', page: eagerPage(Hello), queries: false },
    ]);
    const [data, login] = createRoutes();
    renderInSuspense(data?.element);
    expect(await screen.findByRole('heading', { name: 'The app client' })).toBeInTheDocument();
    // Without a scope, useQueryClient would throw: the page renders without one.
    renderInSuspense(login?.element);
    expect(screen.getByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
  });

  it("preloads the matching page's code and its queries with the URL's parameters, nothing else", async () => {
    const client = new QueryClient();
    const clientPromise = Promise.resolve(client);
    const loadClient = vi.fn(() => clientPromise);
    provideQueryClient(loadClient);
    const list = { preload: vi.fn(() => Promise.resolve()), Page: Hello };
    const detail = { preload: vi.fn(() => Promise.resolve()), Page: Hello };
    const prefetchDetail = vi.fn();
    const { preloadRoute } = pageRoutes([
      { path: '/promotions', page: list },
      { path: '/promotions/:id', page: detail, prefetch: prefetchDetail },
    ]);

    void preloadRoute('/promotions/P-7');
    expect(detail.preload).toHaveBeenCalledTimes(1);
    await vi.waitFor(() =>
      expect(prefetchDetail).toHaveBeenCalledWith(client, { id: 'P-7' }, new URLSearchParams()),
    );
    expect(list.preload).not.toHaveBeenCalled();

    void preloadRoute('/nowhere');
    expect(list.preload).not.toHaveBeenCalled();
    expect(detail.preload).toHaveBeenCalledTimes(1);
  });

  it("starts the view the URL's query string opens with the page's code, and gives prefetch the query", async () => {
    const client = new QueryClient();
    provideQueryClient(() => Promise.resolve(client));
    const page = { preload: vi.fn(() => Promise.resolve()), Page: Hello };
    const view = deferred<void>();
    const customerView = { preload: vi.fn(() => view.promise) };
    const viewFor = vi.fn((search: URLSearchParams) => (search.get('customer') ? customerView : undefined));
    const prefetch = vi.fn();
    const { preloadRoute } = pageRoutes([{ path: '/promotions/:id', page, viewFor, prefetch }]);

    let settled = false;
    const ready = preloadRoute('/promotions/P-7', '?customer=G1').then(() => {
      settled = true;
    });
    expect(page.preload).toHaveBeenCalledTimes(1);
    expect(customerView.preload).toHaveBeenCalledTimes(1);
    expect(viewFor).toHaveBeenCalledWith(new URLSearchParams('customer=G1'), { id: 'P-7' });
    await vi.waitFor(() =>
      expect(prefetch).toHaveBeenCalledWith(client, { id: 'P-7' }, new URLSearchParams('customer=G1')),
    );
    // The page would suspend on the view's code: the preload settles only once it is in.
    await new Promise((flushed) => setTimeout(flushed));
    expect(settled).toBe(false);
    view.resolve();
    await ready;

    void preloadRoute('/promotions/P-8');
    expect(customerView.preload).toHaveBeenCalledTimes(1);
  });

  it('handles a failed code preload itself (the render reports the failure)', async () => {
    const failed = Promise.reject(new Error('chunk failed'));
    const { preloadRoute } = pageRoutes([
      { path: '/', page: { preload: () => failed, Page: Hello }, queries: false },
    ]);
    // Settles without rejecting: a failed preload is only a missed head start.
    await expect(preloadRoute('/')).resolves.toBeUndefined();
    await expect(failed).rejects.toThrow('chunk failed');
  });

  it('settles when the page would render without suspending: its code and QueryScope, not its data', async () => {
    const code = deferred<void>();
    const client = deferred<QueryClient>();
    const query = deferred<string>();
    provideQueryClient(() => client.promise);
    const page = { preload: vi.fn(() => code.promise), Page: Hello };
    const { preloadRoute } = pageRoutes([
      {
        path: '/data',
        page,
        prefetch: (queryClient) =>
          void queryClient.prefetchQuery({ queryKey: ['slow'], queryFn: () => query.promise }),
      },
    ]);
    let settled = false;
    const ready = preloadRoute('/data').then(() => {
      settled = true;
    });
    code.resolve();
    await new Promise((flushed) => setTimeout(flushed)); // every pending callback runs
    expect(settled).toBe(false); // the QueryClient is still loading
    client.resolve(new QueryClient());
    await ready; // while the query is still pending
    expect(settled).toBe(true);
    // A page whose code and scope are in renders at once, without a fallback.
    renderInSuspense(pageRoutes([{ path: '/data', page: eagerPage(Hello) }]).createRoutes()[0]?.element);
    expect(screen.getByRole('heading', { name: 'Hello page' })).toBeInTheDocument();
    query.resolve('late data');
  });

  it('settles at once for a path no route matches', async () => {
    const { preloadRoute } = pageRoutes([{ path: '/', page: eagerPage(Hello), queries: false }]);
    await expect(preloadRoute('/nowhere')).resolves.toBeUndefined();
  });
});

describe('pageRoutes and the QueryClient', () => {
  it('a page that asks for no data never loads the QueryClient, not even to preload', () => {
    const loadClient = vi.fn(() => Promise.resolve(new QueryClient()));
    provideQueryClient(loadClient);
    const { preloadRoute } = pageRoutes([{ path: '/login', page: eagerPage(Hello), queries: false }]);
    void preloadRoute('/login');
    expect(loadClient).not.toHaveBeenCalled();
  });
});

describe('prefetchMissing', () => {
  it('fetches a query the cache does not hold, once however often it is called', async () => {
    const client = new QueryClient();
    const queryFn = vi.fn(() => Promise.resolve(['a promotion']));
    const promotions = queryOptions({ queryKey: ['promotions'], queryFn });
    prefetchMissing(client, promotions);
    prefetchMissing(client, promotions);
    await vi.waitFor(() => expect(client.getQueryData(promotions.queryKey)).toEqual(['a promotion']));
    prefetchMissing(client, promotions);
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('leaves alone what a page already shows, even when stale', () => {
    const client = new QueryClient();
    const queryFn = vi.fn(() => Promise.resolve({ id: 'G1' }));
    const account = queryOptions({ queryKey: ['account'], queryFn, staleTime: 0 });
    client.setQueryData(account.queryKey, { id: 'G1' });
    prefetchMissing(client, account);
    expect(queryFn).not.toHaveBeenCalled();
  });
});
