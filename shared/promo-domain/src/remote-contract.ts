import type { RouteObject } from 'react-router';
import type { RemoteName } from './paths';

/**
 * What every remote exposes as `./routes` (STYLE.md §3): a function that returns its routes with
 * absolute paths and lazily loaded pages. The shell decides guards and renders the match inside its
 * own React tree, so the shared QueryClient, jotai store and router reach every page.
 */
export interface RemoteRoutesModule {
  readonly remote: RemoteName;
  createRoutes: () => RouteObject[];
}

/**
 * A remote's Module Federation name. It must be a valid JavaScript identifier ('public' is a reserved
 * word), so every remote carries the product's prefix.
 */
export const remoteFederationName = (remote: RemoteName) => `ezy_${remote}` as const;

/** The module id the shell loads for a remote, e.g. 'ezy_customer/routes'. */
export const remoteRoutesModuleId = (remote: RemoteName) => `${remoteFederationName(remote)}/routes` as const;

/** The environment's runtime configuration, served by the shell's host as /runtime-config.json. */
export interface RuntimeConfig {
  /** e.g. 'dev', 'live', 'bnt-stage' */
  environment: string;
  /** Base of the API, '/api/v1' when the shell's origin proxies it. */
  apiBase: string;
  /** Each remote's mf-manifest.json URL. */
  remotes: Record<RemoteName, string>;
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
