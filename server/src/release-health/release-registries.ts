import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { environmentById, localEnvironment } from '@promo/domain/environments/environments';
import type { RemoteRelease } from '@promo/domain/environments/release-rules';

/**
 * What the API knows of each environment's remote registry: which versions a release-health report
 * may be about, and since when (docs/decisions/033-release-health.md, "What counts"). The registry
 * is the one the shell reads; the deploy tool writes it.
 */

/** A registry as stored: the one the shell reads (the API reads no more of it). */
export interface RegistryDocument {
  remotes?: Partial<Record<string, RemoteRelease>>;
}

/** remote → its entry in the environment's registry (current, staged and last good versions). */
export type KnownVersions = ReadonlyMap<string, RemoteRelease>;

export const isEnvironmentId = (env: string) => environmentById(env) !== undefined;

/**
 * Each remote's registry entry, the `shell` included when the registry names one: a report counts
 * only for the versions an entry names (src/release-health/release-reach.ts).
 */
export function knownVersionsOf(registry: RegistryDocument): KnownVersions {
  const known = new Map<string, RemoteRelease>();
  for (const [remote, release] of Object.entries(registry.remotes ?? {})) {
    if (release) known.set(remote, release);
  }
  return known;
}

export interface ReleaseRegistries {
  /**
   * The environment's known versions; undefined when it has no registry (nothing is deployed there,
   * or it cannot be read). `refresh` asks past any cache: a report names a version not yet seen.
   */
  known(env: string, options?: { refresh?: boolean }): Promise<KnownVersions | undefined>;
}

/**
 * Registries as files `<dir>/<env>.json`: what the deploy tool writes and the local CDN of
 * `npm start` serves. Read again whenever the file changes.
 */
export function directoryRegistries(dir: string): ReleaseRegistries {
  const cache = new Map<string, { mtimeMs: number; known: KnownVersions }>();
  return {
    async known(env) {
      if (!isEnvironmentId(env)) return undefined;
      const file = join(dir, `${env}.json`);
      try {
        const { mtimeMs } = await stat(file);
        const cached = cache.get(env);
        if (cached?.mtimeMs === mtimeMs) return cached.known;
        const known = knownVersionsOf(JSON.parse(await readFile(file, 'utf8')) as RegistryDocument);
        cache.set(env, { mtimeMs, known });
        return known;
      } catch {
        return undefined;
      }
    },
  };
}

/** How long a fetched registry is used, and how soon a report naming an unseen version may fetch again. */
const REGISTRY_TTL_MS = 30_000;
const REFRESH_AFTER_MS = 2_000;

/**
 * Registries fetched from each environment's `registryUrl` (ENVIRONMENTS; the local environment's
 * is on the CDN next to `publicOrigin`), as the shell fetches them. Cached for 30 s; a report naming
 * a version the cached copy lacks fetches again, at most every 2 s per environment, so a flood of
 * invented versions costs one fetch per 2 s.
 */
export function fetchedRegistries(
  publicOrigin: string,
  options: { now?: () => number; fetch?: typeof fetch } = {},
): ReleaseRegistries {
  const now = options.now ?? Date.now;
  const get = options.fetch ?? fetch;
  const cache = new Map<string, { at: number; known: KnownVersions | undefined }>();
  const urlOf = (env: string) =>
    env === 'local' ? localEnvironment(publicOrigin).registryUrl : environmentById(env)?.registryUrl;
  return {
    async known(env, { refresh = false } = {}) {
      const url = isEnvironmentId(env) ? urlOf(env) : undefined;
      if (!url) return undefined;
      const cached = cache.get(env);
      const age = cached ? now() - cached.at : Infinity;
      if (cached && age < (refresh ? REFRESH_AFTER_MS : REGISTRY_TTL_MS)) return cached.known;
      let known: KnownVersions | undefined;
      try {
        const response = await get(url, { headers: { accept: 'application/json' } });
        known = response.ok ? knownVersionsOf((await response.json()) as RegistryDocument) : undefined;
      } catch {
        // Unreachable now: keep what was known rather than refuse every report.
        known = cached?.known;
      }
      cache.set(env, { at: now(), known });
      return known;
    },
  };
}
