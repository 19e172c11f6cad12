/**
 * Versioned deploys of one remote (README "Deploying a remote"). A build is published under an
 * immutable path `<target>/<remote>/<version>/`, then the environment's registry is repointed to it.
 * Old versions stay where they are, so pages that already loaded one keep working; rollback only
 * repoints the registry. The shell is never rebuilt.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { RemoteRegistry } from '@promo/domain/environments/environments';
import { REMOTE_NAMES, type RemoteName } from '@promo/domain/paths';
import type { Request, Response } from '../static-host';

export { REMOTE_NAMES };

/** What the registry file on disk holds: the registry the shell reads, plus the history rollback uses. */
export interface RegistryFile extends Partial<RemoteRegistry> {
  history?: Partial<Record<RemoteName, string[]>>;
}

export interface DeployOptions {
  remote: RemoteName;
  /** The remote's build (its dist folder). */
  from: string;
  /** The deploy target's root folder (local static hosting here, a bucket in production). */
  target: string;
  /** Environment id: the registry written is `<target>/registry/<env>.json`. */
  env: string;
  /** The origin that serves `<target>` for this remote, e.g. the local CDN http://localhost:8081. */
  origin: string;
  /** Defaults to the package version plus a hash of the build, so every distinct build has its own path. */
  version?: string;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(join(dir, entry)).isFile())
    .sort();
}

/** A hash of every file's path and bytes: the same build always gets the same version. */
export function buildHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir)) {
    hash.update(relative(dir, join(dir, file)));
    hash.update(readFileSync(join(dir, file)));
  }
  return hash.digest('hex').slice(0, 10);
}

export function registryPath(target: string, env: string): string {
  return join(target, 'registry', `${env}.json`);
}

/**
 * A static host's `handle` that answers `/registry.json` with `env`'s registry under `target`, read
 * on every request: a deploy or rollback repoints it while the app is open.
 */
export function registryHandler(target: string, env: string) {
  return (req: Request, res: Response): boolean => {
    if (new URL(req.url ?? '/', 'http://host').pathname !== '/registry.json') return false;
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' });
    res.end(readFileSync(registryPath(target, env)));
    return true;
  };
}

export function readRegistry(target: string, env: string): RegistryFile {
  const path = registryPath(target, env);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as RegistryFile) : {};
}

/** Written to a temporary file and renamed, so a reader never sees half a registry. */
function writeRegistry(target: string, env: string, registry: RegistryFile): void {
  const path = registryPath(target, env);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(`${path}.tmp`, `${JSON.stringify(registry, null, 2)}\n`);
  renameSync(`${path}.tmp`, path);
}

function manifestUrl(origin: string, remote: RemoteName, version: string): string {
  return `${origin.replace(/\/$/, '')}/${remote}/${encodeURIComponent(version)}/mf-manifest.json`;
}

export function deployRemote(options: DeployOptions): { version: string; manifest: string } {
  const { remote, from, target, env, origin } = options;
  if (!existsSync(join(from, 'mf-manifest.json'))) {
    throw new Error(`${from} holds no mf-manifest.json: build the ${remote} remote first.`);
  }
  const packageVersion = (
    JSON.parse(readFileSync(join(from, 'mf-manifest.json'), 'utf8')) as {
      metaData?: { buildInfo?: { buildVersion?: string } };
    }
  ).metaData?.buildInfo?.buildVersion;
  const version = options.version ?? `${packageVersion ?? '0.0.0'}-${buildHash(from)}`;
  if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(version)) throw new Error(`"${version}" is not a valid version.`);

  const destination = join(target, remote, version);
  if (existsSync(destination)) {
    // Published paths are immutable: the same version may be deployed again only with the same files.
    if (buildHash(destination) !== buildHash(from)) {
      throw new Error(`${remote} ${version} is already deployed with different files; deploy a new version.`);
    }
  } else {
    mkdirSync(dirname(destination), { recursive: true });
    // Timestamps kept: the host serves a precompressed .gz/.br only if it is as new as its file.
    cpSync(from, `${destination}.tmp`, { recursive: true, preserveTimestamps: true });
    renameSync(`${destination}.tmp`, destination);
  }

  const registry = readRegistry(target, env);
  const manifest = manifestUrl(origin, remote, version);
  const current = registry.remotes?.[remote];
  const history = { ...registry.history };
  if (current && current.version !== version) history[remote] = [...(history[remote] ?? []), current.version];
  writeRegistry(target, env, {
    remotes: { ...registry.remotes, [remote]: { version, manifest } } as RemoteRegistry['remotes'],
    history,
  });
  return { version, manifest };
}

/** Repoints the registry to the version before the current one (or `to`), which is still deployed. */
export function rollbackRemote(options: {
  remote: RemoteName;
  target: string;
  env: string;
  origin: string;
  to?: string;
}): { version: string } {
  const { remote, target, env, origin } = options;
  const registry = readRegistry(target, env);
  const history = [...(registry.history?.[remote] ?? [])];
  const version = options.to ?? history.at(-1);
  if (!version) throw new Error(`The ${remote} remote has no earlier version to roll back to in ${env}.`);
  if (!existsSync(join(target, remote, version, 'mf-manifest.json'))) {
    throw new Error(`${remote} ${version} is not deployed in ${target}.`);
  }
  const index = history.lastIndexOf(version);
  if (index >= 0) history.splice(index);
  writeRegistry(target, env, {
    remotes: {
      ...registry.remotes,
      [remote]: { version, manifest: manifestUrl(origin, remote, version) },
    } as RemoteRegistry['remotes'],
    history: { ...registry.history, [remote]: history },
  });
  return { version };
}
