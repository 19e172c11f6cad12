import { withDownloadRetry } from '@promo/domain/http/failure-kind.rules';
import type { FetchQueryOptions, QueryClient, QueryKey } from '@promo/domain/query';
import { loadQueryClient } from '@promo/domain/remote-contract';
import { lazy, useState, type ComponentType, type FunctionComponent, type ReactNode } from 'react';
import { matchRoutes, type RouteObject } from '@promo/ui/router';

type Provider = ComponentType<{ children: ReactNode }>;

interface Scope {
  promise: Promise<Provider>;
  /** Suspends (React.lazy) until loaded. */
  Lazy: Provider;
  /** Set once loaded, so a scope mounted after that renders at once (no Suspense fallback). */
  provider?: Provider;
}

const scopes = new WeakMap<Promise<QueryClient>, Scope>();

function scopeFor(client: Promise<QueryClient>): Scope {
  let scope = scopes.get(client);
  if (!scope) {
    const created = {} as Scope;
    created.promise = Promise.all([import('@promo/domain/query'), client]).then(
      ([{ QueryClientProvider }, queryClient]) => {
        const provider: Provider = ({ children }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        );
        created.provider = provider;
        return provider;
      },
    );
    created.Lazy = lazy(() => created.promise.then((provider) => ({ default: provider })));
    scope = created;
    scopes.set(client, scope);
  }
  return scope;
}

/**
 * Starts downloading TanStack Query and creating the app's QueryClient (the shell's, through
 * loadQueryClient), so a QueryScope rendered later does not wait. Safe to call often. Resolves
 * when a QueryScope would render at once, or when loading failed (the QueryScope reports that).
 */
function preloadQueryScope(): Promise<void> {
  return scopeFor(loadQueryClient()).promise.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Provides the app's one QueryClient to what it wraps, suspending while TanStack Query downloads
 * the first time. Pages that ask for data render inside one (pageRoutes does it), so pages that do
 * not, like /login, never download it. A failure to load reaches the error boundary.
 */
function QueryScope({ children }: { children: ReactNode }) {
  // Chosen once per mount: switching from Lazy to the loaded provider later would remount the page.
  const [Provider] = useState<Provider>(() => {
    const scope = scopeFor(loadQueryClient());
    return scope.provider ?? scope.Lazy;
  });
  return <Provider>{children}</Provider>;
}

/**
 * A route's page (or a view within one): its component, and a way to start loading its code before
 * it renders.
 */
export interface Page<Props extends object = object> {
  /** Renders the page; suspends (React.lazy) only while its code is still downloading. */
  Page: FunctionComponent<Props>;
  /** Starts downloading the page's code; the same promise every time. */
  preload: () => Promise<unknown>;
}

/**
 * A page whose code is split off and loaded when first needed, like React.lazy, with one
 * difference that matters on a phone: once its code is in (preloaded with the route, see
 * pageRoutes), it renders at once instead of suspending. A suspended page costs more than the wait
 * for its code: React holds each Suspense reveal until 300 ms after the last fallback showed
 * (FALLBACK_THROTTLE_MS), and the page's queries start only when it renders.
 *
 * And one more: a failed download can be tried again. React.lazy keeps its failure for good; the
 * error carries a retry (withDownloadRetry) that the remote's error boundary calls on Try again, so
 * the remounted page gets a fresh lazy component and asks for its code again.
 */
export function lazyPage<Props extends object = object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): Page<Props> {
  let loaded: ComponentType<Props> | undefined;
  let pending: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => {
    pending ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        // A failed download is not kept: a page preloaded with the route (viewFor) but never
        // rendered asks for its code again when it first renders, after Try again on another part.
        pending = undefined;
        throw withDownloadRetry(error, () => {
          Lazy = lazy(preload);
        });
      },
    );
    return pending;
  };
  let Lazy = lazy(preload);
  function LazyPageRoot(props: Props) {
    // Chosen once per mount: switching from Lazy to the loaded component later would remount the
    // page and lose what the user typed.
    const [Component] = useState<ComponentType<Props>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  return { Page: LazyPageRoot, preload };
}

/** A page bundled with the routes module (nothing to load): the page visitors arrive on. */
export function eagerPage(Component: ComponentType): Page {
  const ready = Promise.resolve();
  return { Page: () => <Component />, preload: () => ready };
}

/** The URL's parameters of a matched route, e.g. `{ id: '12' }` for /promotions/:id. */
export type RouteParams = Readonly<Record<string, string | undefined>>;

/** One route of a remote: its path, its page and the queries its first screen asks for. */
export interface PageRoute {
  path: string;
  page: Page;
  /**
   * `false` for a page that asks for no data (TanStack Query, useQuery or useMutation, anywhere in
   * it): it renders without the QueryClient, so it never downloads TanStack Query. /login is one:
   * every visitor arrives there (docs/decisions/002-session-store.md). Default: the page renders inside a QueryScope.
   */
  queries?: boolean;
  /**
   * Starts the page's first queries while its code downloads (use prefetchMissing). Leave out
   * what depends on the page's state; a query whose page refetches on mount anyway (refetchOnMount
   * 'always') gains nothing from it.
   */
  prefetch?: (client: QueryClient, params: RouteParams, search: URLSearchParams) => void;
  /**
   * The view the URL's query string shows in place of the page's own first screen (the rep's
   * ?customer= view, the branch roll-up), when that view's code is split off: it starts with the
   * page's code instead of after the page has rendered and asked for it.
   */
  viewFor?: (search: URLSearchParams, params: RouteParams) => Pick<Page, 'preload'> | undefined;
}

/**
 * Starts a query only when the cache holds nothing for it yet: called on every route render, it
 * never refetches what a page already shows (the page's own options decide that).
 */
export function prefetchMissing<TData, TKey extends QueryKey>(
  client: QueryClient,
  options: FetchQueryOptions<TData, Error, TData, TKey>,
): void {
  if (client.getQueryState(options.queryKey) === undefined) void client.prefetchQuery(options);
}

/**
 * A remote's routes module from its route table: `createRoutes` for the shell to render, and
 * `preloadRoute`, which the shell calls as soon as it knows the remote a URL needs (and on every
 * navigation) so the page's code and first data download alongside everything else, not one after
 * the other (RemoteRoutesModule in @promo/domain/remote-contract). Its promise resolves when the
 * page would render without suspending (its code and QueryScope in, or failed), not waiting for data.
 */
export function pageRoutes(table: readonly PageRoute[]) {
  const routeObjects = (): RouteObject[] =>
    table.map(({ path, page: { Page }, queries = true }) => ({
      path,
      element: queries ? (
        <QueryScope>
          <Page />
        </QueryScope>
      ) : (
        <Page />
      ),
    }));
  return {
    createRoutes: routeObjects,
    preloadRoute: (pathname: string, search = ''): Promise<void> => {
      const match = matchRoutes(
        table.map((route) => ({ path: route.path, route })),
        pathname,
      )?.[0];
      if (!match) return Promise.resolve();
      const { page, prefetch, viewFor, queries = true } = match.route.route;
      const query = new URLSearchParams(search);
      const view = viewFor?.(query, match.params);
      // A failed preload is only a missed head start: the render loads it again and shows the error.
      const code = Promise.all([page.preload(), view?.preload()]).then(
        () => undefined,
        () => undefined,
      );
      if (!queries) return code;
      // The first queries in a task apart from the code's: matching the route, adding the code's
      // script tags and sending the queries were one task of 60-80 ms on a slow phone.
      if (prefetch)
        loadQueryClient()
          .then((client) => setTimeout(() => prefetch(client, match.params, query)))
          .catch(() => undefined);
      return Promise.all([code, preloadQueryScope()]).then(() => undefined);
    },
  };
}
