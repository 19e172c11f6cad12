import type { QueryClient } from '@promo/domain/query';
import type { RouteObject } from 'react-router';
import type { RemoteName } from './paths';

/**
 * What every remote exposes as `./routes` (docs/architecture.md, "The floors"): a function that returns its routes with
 * absolute paths and lazily loaded pages. The shell decides guards and renders the match inside its
 * own React tree, so the router and the shared stores reach every page; a page that asks for data
 * renders inside a QueryScope (@promo/ui/page-routes), which provides the one QueryClient.
 */
export interface RemoteRoutesModule {
  readonly remote: RemoteName;
  createRoutes: () => RouteObject[];
  /**
   * Starts what the page at `pathname` needs first (its code, the QueryClient, its first queries)
   * without rendering anything. The shell calls it as soon as it knows which remote a URL needs,
   * before the session gate opens, and again on each navigation; it must be cheap and idempotent.
   * Optional: a remote without it still works, its pages just load when they render (pageRoutes in
   * @promo/ui/page-routes). May return a promise that settles when the page would render without
   * suspending (its code in, not its data): the shell holds its first render for it, briefly.
   *
   * `search` is the URL's query string ('?customer=G1', or ''), for pages whose query string picks
   * what they show first. A shell that leaves it out, or a remote that ignores it, still works: the
   * view's code then starts when the page renders it.
   */
  preloadRoute?: (pathname: string, search?: string) => Promise<void> | void;
}

// Pure naming rules live with the route contract (not a shared module, so the shell's entry can use
// them before the shared modules are negotiated); re-exported here where remotes look for them.
export { remoteFederationName, remoteRoutesModuleId } from '@promo/domain/paths';

/** The environment's runtime configuration, resolved by the shell at start: its row of ENVIRONMENTS and its registry (shell/src/runtime-config/runtime-config.ts). */
export interface RuntimeConfig {
  /** e.g. 'dev', 'live', 'bnt-stage' */
  environment: string;
  /** Base of the API, '/api/v1' when the shell's origin proxies it. */
  apiBase: string;
  /** Each remote's mf-manifest.json URL: the version this device is served. */
  remotes: Record<RemoteName, string>;
  /** The version of each remote this device is served (current, staged or previewed). */
  versions?: Record<RemoteName, string>;
  /** Each remote's last good version, where it is not the one served: loaded if that one fails. */
  fallbacks?: Partial<Record<RemoteName, { version: string; manifest: string }>>;
  /** A version this browser previews (a preview link), or why the link was refused. */
  preview?:
    { remote: RemoteName; version: string; manifest: string } | { refused: string; remote?: undefined };
  /** ISO date of the shell build, for the update prompt's label. */
  buildDate?: string;
  /**
   * Origins of the parent windows allowed to post data to the embedded /spend-progress page.
   * Absent: only the page's own origin.
   */
  spendProgressParentOrigins?: string[];
}

let current: RuntimeConfig | undefined;

/** The shell provides the resolved configuration once at start; this module is a shared singleton. */
export function provideRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** The environment's configuration as the shell resolved it, for remotes that need it. */
export function runtimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is read before the shell provided it.');
  return current;
}

let queryClientLoader: (() => Promise<QueryClient>) | undefined;

/**
 * The shell provides the app's one QueryClient as a promise: it is created (with TanStack Query
 * downloaded and the offline copy restored) the first time a page that asks for data needs it, so
 * the anonymous /login never downloads TanStack Query (docs/decisions/002-session-store.md).
 */
export function provideQueryClient(load: () => Promise<QueryClient>): void {
  queryClientLoader = load;
}

/** The app's one QueryClient, created on first use (the same promise every time). */
export function loadQueryClient(): Promise<QueryClient> {
  if (!queryClientLoader)
    return Promise.reject(new Error('The QueryClient is asked for before the shell provided it.'));
  return queryClientLoader();
}

/**
 * What an error boundary hands the crash reporter: the error, and whose code it is when the
 * boundary knows (the shell's own frame); else the reporter goes by the route.
 */
export type CrashReporter = (error: unknown, owner: RemoteName | 'shell' | undefined) => void;

let crashReporter: CrashReporter | undefined;

/**
 * The shell provides where crashes go once at start. It lives in this shared module because the
 * error boundaries sit in the remotes too (@promo/ui/error-boundary is bundled into each app), and a
 * remote cannot import the shell.
 */
export function provideCrashReporter(report: CrashReporter): void {
  crashReporter = report;
}

/** Hands a crash an error boundary caught to the shell's reporter; before the shell provided one, nothing. */
export function reportCrash(error: unknown, owner?: RemoteName | 'shell'): void {
  try {
    crashReporter?.(error, owner);
  } catch {
    // Reporting must never turn a caught crash into an uncaught one.
  }
}
