/**
 * Every environment the product runs in, as data (docs/product-rules.md, 'Environments'). One shell build serves
 * them all: at start the shell finds its environment by hostname (resolveEnvironment), then reads
 * that environment's remote registry to learn where each remote's current version lives. Adding an
 * environment is a row here (docs/releasing.md, "Environments").
 */
import { REMOTE_NAMES } from '@promo/domain/paths';

export type Brand = 'ezy' | 'bnt' | 'atl' | 'ddl' | 'hcb';
export type Stage = 'local' | 'dev' | 'client' | 'stage' | 'live' | 'new-dev' | 'new-stage' | 'pre-prod';

export interface EnvironmentDefinition {
  /** Unique id, e.g. 'live', 'bnt-stage'. */
  id: string;
  brand: Brand;
  stage: Stage;
  /** Hostname the shell is served from; no two environments share one. */
  shellHost: string;
  /** Base URL of the API ('/api/v1' on the shell's origin, or an absolute https URL). */
  apiBase: string;
  /**
   * The remote registry: a small JSON naming each remote's current mf-manifest.json URL.
   * Deploying a remote repoints it; the shell is never rebuilt for that.
   */
  registryUrl: string;
  /** Origins the remotes are served from: CORS and the Content-Security-Policy allow exactly these. */
  remoteOrigins: string[];
  /** Parent origins allowed to embed /spend-progress and post it data. */
  spendProgressParents: string[];
}

/**
 * The registry's shape: each remote's current version and its manifest URL (an immutable, versioned
 * path), with its last good and staged versions (api/registry.schema.ts, release-rules.ts).
 */
export type { RemoteRegistry } from '../api/registry.schema';

const DOMAIN = 'ezyrewards.co.nz';

/** A hosted environment: shell at {host}, API on the same origin, remotes on {brand}-cdn. */
function hosted(brand: Brand, stage: Exclude<Stage, 'local'>): EnvironmentDefinition {
  const prefix = brand === 'ezy' ? '' : `${brand}.`;
  const shellHost = stage === 'live' ? `${prefix}${DOMAIN}` : `${prefix}${stage}.${DOMAIN}`;
  const cdn = `https://${stage === 'live' ? '' : `${stage}.`}${brand}-cdn.${DOMAIN}`;
  return {
    id: brand === 'ezy' ? stage : `${brand}-${stage}`,
    brand,
    stage,
    shellHost,
    apiBase: `https://${shellHost}/api/v1`,
    registryUrl: `${cdn}/registry.json`,
    remoteOrigins: [cdn],
    spendProgressParents: [`https://${shellHost}`],
  };
}

/**
 * The local CDN of `npm start` is on the port after the shell's: the registry and every remote's
 * versions on one origin, as a hosted environment's `{brand}-cdn` (README, "Running pieces on their own").
 */
export function localCdnOrigin(shellOrigin: string): string {
  const url = new URL(shellOrigin);
  const shellPort = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return `${url.protocol}//${url.hostname}:${shellPort + 1}`;
}

/**
 * The local environment of the shell at `shellOrigin` (npm start, the tests and the benchmark
 * each choose their ports): API on the shell's origin, registry and remotes on the local CDN.
 */
export function localEnvironment(shellOrigin: string): EnvironmentDefinition {
  const cdn = localCdnOrigin(shellOrigin);
  return {
    id: 'local',
    brand: 'ezy',
    stage: 'local',
    shellHost: new URL(shellOrigin).hostname,
    apiBase: '/api/v1',
    registryUrl: `${cdn}/registry.json`,
    remoteOrigins: [cdn],
    spendProgressParents: [shellOrigin],
  };
}

/** The local environment on `npm start`'s default port. */
export const LOCAL_ENVIRONMENT: EnvironmentDefinition = localEnvironment('http://localhost:8080');

export const ENVIRONMENTS: readonly EnvironmentDefinition[] = [
  LOCAL_ENVIRONMENT,
  hosted('ezy', 'dev'),
  hosted('ezy', 'client'),
  hosted('ezy', 'live'),
  hosted('bnt', 'dev'),
  hosted('bnt', 'stage'),
  hosted('bnt', 'live'),
  hosted('bnt', 'new-dev'),
  hosted('bnt', 'new-stage'),
  hosted('bnt', 'pre-prod'),
  hosted('atl', 'dev'),
  hosted('atl', 'stage'),
  hosted('atl', 'live'),
  hosted('ddl', 'dev'),
  hosted('ddl', 'stage'),
  hosted('ddl', 'live'),
  hosted('hcb', 'dev'),
  hosted('hcb', 'stage'),
  hosted('hcb', 'live'),
];

/** The environment with this id; undefined when it is none of ENVIRONMENTS. */
export const environmentById = (id: string): EnvironmentDefinition | undefined =>
  ENVIRONMENTS.find((env) => env.id === id);

/**
 * The environment for a page's origin, found by its hostname. On localhost (and 127.0.0.1) an
 * override names another environment, so a developer can point a local shell at, say, bnt-stage's
 * remotes; otherwise it is the local environment of the page's own port.
 */
export function resolveEnvironment(
  origin: string,
  override?: string | null,
): EnvironmentDefinition | undefined {
  const { hostname } = new URL(origin);
  const isLocal = hostname === 'localhost' || hostname === '127.0.0.1';
  if (isLocal && override) return environmentById(override);
  if (isLocal) return localEnvironment(origin);
  return ENVIRONMENTS.find((env) => env.shellHost === hostname);
}

/** Why a registry answer cannot be used, or undefined when it can. */
export function registryProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'The registry is not a JSON object.';
  const remotes = (value as { remotes?: unknown }).remotes;
  if (typeof remotes !== 'object' || remotes === null) return 'The registry has no "remotes" object.';
  for (const name of REMOTE_NAMES) {
    const entry = (remotes as Record<string, unknown>)[name] as
      { manifest?: unknown; version?: unknown } | undefined;
    if (!entry || typeof entry.manifest !== 'string' || !entry.manifest.endsWith('mf-manifest.json')) {
      return `The registry has no mf-manifest.json URL for the ${name} remote.`;
    }
    if (typeof entry.version !== 'string' || entry.version === '')
      return `The registry has no version for the ${name} remote.`;
  }
  return undefined;
}
