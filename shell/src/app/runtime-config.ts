import {
  registryProblem,
  resolveEnvironment,
  type EnvironmentDefinition,
  type RemoteRegistry,
} from '@promo/domain/environments/environments';
import type { RuntimeConfig } from '@promo/domain/remote-contract';

/** Remembers a localhost override (?env=bnt-stage) for the tab's life. */
const OVERRIDE_KEY = 'ezy-environment';

function environmentOverride(search: string): string | null {
  const fromQuery = new URLSearchParams(search).get('env');
  if (fromQuery) sessionStorage.setItem(OVERRIDE_KEY, fromQuery);
  return fromQuery ?? sessionStorage.getItem(OVERRIDE_KEY);
}

export function toRuntimeConfig(env: EnvironmentDefinition, registry: RemoteRegistry): RuntimeConfig {
  return {
    environment: env.id,
    apiBase: env.apiBase,
    remotes: {
      public: registry.remotes.public.manifest,
      customer: registry.remotes.customer.manifest,
      salesrep: registry.remotes.salesrep.manifest,
    },
    remoteVersions: {
      public: registry.remotes.public.version,
      customer: registry.remotes.customer.version,
      salesrep: registry.remotes.salesrep.version,
    },
    // Locally the page's own origin (localEnvironment: the shell's port varies).
    spendProgressParentOrigins: env.spendProgressParents,
  };
}

/** The environment this page runs in (by hostname, or the ?env= override on localhost). */
export function currentEnvironment(location: Location = window.location): EnvironmentDefinition {
  const env = resolveEnvironment(location.origin, environmentOverride(location.search));
  if (!env) throw new Error(`No environment is configured for ${location.hostname}.`);
  return env;
}

let startup: Promise<RuntimeConfig> | undefined;

/**
 * The runtime config this page started with: fetched once, as early as the shell's entry runs
 * (early-loading.ts), and awaited by the bootstrap. Later checks call fetchRuntimeConfig afresh.
 */
export function startupRuntimeConfig(): Promise<RuntimeConfig> {
  return (startup ??= fetchRuntimeConfig());
}

/**
 * One shell build serves every environment: the hostname picks the environment from the table in
 * promo-domain, and the environment's remote registry says where each remote's current version is.
 * Deploying or rolling back a remote repoints the registry; the shell is never rebuilt for it.
 */
export async function fetchRuntimeConfig(location: Location = window.location): Promise<RuntimeConfig> {
  const env = currentEnvironment(location);
  const response = await fetch(env.registryUrl, { cache: 'no-cache' });
  if (!response.ok)
    throw new Error(`The ${env.id} remote registry could not be loaded (${response.status}).`);
  const registry: unknown = await response.json();
  const problem = registryProblem(registry);
  if (problem) throw new Error(problem);
  return toRuntimeConfig(env, registry as RemoteRegistry);
}
