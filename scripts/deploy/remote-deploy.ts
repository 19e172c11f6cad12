/**
 * Versioned deploys of one remote (README "Deploying a remote"). A build is published under an
 * immutable path `<target>/<remote>/<version>/`, then the environment's registry is repointed to it,
 * or the version is staged beside the current one for a preview or a share of devices. Old versions
 * stay where they are, so pages that already loaded one keep working; rollback only repoints the
 * registry. The shell is never rebuilt. What each step does to a remote's entry is in
 * `@promo/domain/environments/release-rules` (docs/decisions/032-release-safety.md).
 */
import { createHash, createHmac } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ENVIRONMENTS, type RemoteRegistry } from '@promo/domain/environments/environments';
import {
  isValidVersion,
  knownVersions,
  withAborted,
  withDeployed,
  withMarkedGood,
  withPercent,
  withPromoted,
  withRolledBackToLastGood,
  withStaged,
  type RemoteRelease,
  type VersionRef,
} from '@promo/domain/environments/release-rules';
import { REMOTE_NAMES, type RemoteName } from '@promo/domain/paths';
import { respond, type Request, type Response } from './host-types';

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
  /** Publish beside the current version instead of replacing it: a preview, or `percent` % of devices. */
  stage?: boolean;
  /** With `stage`: the share of devices served the staged version (default 0, preview only). */
  percent?: number;
  /** With `stage` on a live environment: the key signing its preview link (PREVIEW_KEY_VARIABLE). */
  previewKey?: string;
}

/** Where the deploy tool finds the key that signs preview links for live environments. */
export const PREVIEW_KEY_VARIABLE = 'EZY_PREVIEW_KEY';

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(join(dir, entry)).isFile())
    .sort();
}

/** The precompressed copies scripts/precompress.ts writes beside a file, and how to read them back. */
const PRECOMPRESSED = { '.br': brotliDecompressSync, '.gz': gunzipSync } as const;

const precompressedSuffix = (file: string) =>
  (Object.keys(PRECOMPRESSED) as (keyof typeof PRECOMPRESSED)[]).find((suffix) => file.endsWith(suffix));

/**
 * Removes from `dir` every precompressed copy whose contents are not its file's (a build changed
 * after it was compressed); returns their paths. The host serves a copy in place of its file when it
 * is at least as new (scripts/static-host.ts), and a change made within the file system's clock tick
 * of the copy is not newer: the old code would be served under the new version's path.
 */
export function dropStalePrecompressed(dir: string): string[] {
  const dropped: string[] = [];
  for (const file of filesUnder(dir)) {
    const suffix = precompressedSuffix(file);
    const original = suffix && join(dir, file.slice(0, -suffix.length));
    if (!suffix || !original || !existsSync(original)) continue;
    let same = false;
    try {
      same = PRECOMPRESSED[suffix](readFileSync(join(dir, file))).equals(readFileSync(original));
    } catch {
      // Not readable as what its name says: stale as well.
    }
    if (!same) {
      rmSync(join(dir, file));
      dropped.push(file);
    }
  }
  return dropped;
}

/**
 * A hash of every file's path and bytes: the same build always gets the same version. Precompressed
 * copies are left out: they follow from their files, and a stale one is dropped as it is deployed.
 */
export function buildHash(dir: string): string {
  const hash = createHash('sha256');
  for (const file of filesUnder(dir).filter((entry) => !precompressedSuffix(entry))) {
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
    respond(
      res,
      200,
      { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-cache' },
      readFileSync(registryPath(target, env)),
    );
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

/** How long a change waits for another process's change of the same registry. */
const LOCK_WAIT_MS = 5000;

/**
 * Runs `work` holding the registry's lock (a directory beside it: creating one is atomic), so the
 * deploy tool and a release-health watcher never interleave a read and a write of the same registry.
 */
function withRegistryLock<T>(target: string, env: string, work: () => T): T {
  const lock = `${registryPath(target, env)}.lock`;
  mkdirSync(dirname(lock), { recursive: true });
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() > deadline) {
        throw new Error(
          `The ${env} registry is locked by another change (${lock}); remove it if none is running.`,
        );
      }
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Reads the remote's entry, applies `change` and writes the registry back, under its lock. */
function updateRelease<T>(
  target: string,
  env: string,
  remote: RemoteName,
  change: (release: RemoteRelease | undefined) => { release: RemoteRelease; result: T },
): T {
  return withRegistryLock(target, env, () => changeRelease(target, env, remote, change));
}

function changeRelease<T>(
  target: string,
  env: string,
  remote: RemoteName,
  change: (release: RemoteRelease | undefined) => { release: RemoteRelease; result: T },
): T {
  const registry = readRegistry(target, env);
  const before = registry.remotes?.[remote];
  const { release, result } = change(before);
  const history = { ...registry.history };
  if (before && before.version !== release.version) {
    const previous = [...(history[remote] ?? [])];
    // Back to an earlier version: forget what came after it; forward: remember the one replaced.
    const index = previous.lastIndexOf(release.version);
    if (index >= 0) previous.splice(index);
    else previous.push(before.version);
    history[remote] = previous;
  }
  writeRegistry(target, env, {
    ...registry,
    remotes: { ...registry.remotes, [remote]: release } as RemoteRegistry['remotes'],
    history,
  });
  return result;
}

/** Whether an environment's previews need a signed token: live ones, where customers are. */
export function previewNeedsToken(env: string): boolean {
  return ENVIRONMENTS.find((candidate) => candidate.id === env)?.stage === 'live';
}

/**
 * The token a preview link carries on a live environment: an HMAC of the environment, remote and
 * version under a key only the deploy tool holds, so it cannot be made up and the same key prints it
 * again. The registry keeps only its SHA-256 (previewTokenHash), which the shell compares.
 */
export function previewToken(key: string, env: string, remote: RemoteName, version: string): string {
  return createHmac('sha256', key).update(`${env}\n${remote}@${version}`).digest('base64url');
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** The link that opens `remote@version` in preview, on the environment's shell host when it is known. */
export function previewLink(env: string, remote: RemoteName, version: string, token?: string): string {
  const host = ENVIRONMENTS.find((candidate) => candidate.id === env)?.shellHost;
  const base = !host ? '/' : host === 'localhost' ? 'http://localhost:8080/' : `https://${host}/`;
  const query = new URLSearchParams({ preview: `${remote}@${version}`, ...(token ? { token } : {}) });
  return `${base}?${query.toString().replace('%40', '@')}`;
}

export interface DeployResult extends VersionRef {
  /** Staged: the link that previews it (with its token on a live environment). */
  previewLink?: string;
}

export function deployRemote(options: DeployOptions): DeployResult {
  const { remote, from, target, env, origin } = options;
  if (options.stage && previewNeedsToken(env) && !options.previewKey) {
    throw new Error(
      `Staging on ${env} signs its preview link: set ${PREVIEW_KEY_VARIABLE} to the preview key.`,
    );
  }
  if (!existsSync(join(from, 'mf-manifest.json'))) {
    throw new Error(`${from} holds no mf-manifest.json: build the ${remote} remote first.`);
  }
  const packageVersion = (
    JSON.parse(readFileSync(join(from, 'mf-manifest.json'), 'utf8')) as {
      metaData?: { buildInfo?: { buildVersion?: string } };
    }
  ).metaData?.buildInfo?.buildVersion;
  const version = options.version ?? `${packageVersion ?? '0.0.0'}-${buildHash(from)}`;
  if (!isValidVersion(version)) throw new Error(`"${version}" is not a valid version.`);

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
    dropStalePrecompressed(`${destination}.tmp`);
    renameSync(`${destination}.tmp`, destination);
  }

  const ref = { version, manifest: manifestUrl(origin, remote, version) };
  if (!options.stage) {
    updateRelease(target, env, remote, (release) => ({
      release: withDeployed(release, ref),
      result: undefined,
    }));
    return ref;
  }
  const token = options.previewKey ? previewToken(options.previewKey, env, remote, version) : undefined;
  updateRelease(target, env, remote, (release) => ({
    release: withStaged(release, ref, options.percent ?? 0, token ? sha256Hex(token) : undefined),
    result: undefined,
  }));
  return { ...ref, previewLink: previewLink(env, remote, version, token) };
}

interface ReleaseTarget {
  remote: RemoteName;
  target: string;
  env: string;
}

/** Serves the staged version to `percent` % of devices; devices already on it stay when it rises. */
export function setRolloutPercent({ percent, ...where }: ReleaseTarget & { percent: number }): VersionRef {
  return updateRelease(where.target, where.env, where.remote, (release) => {
    const next = withPercent(release, percent);
    return { release: next, result: next.staged! };
  });
}

/** Makes the staged version current for everyone (it is not thereby marked good). */
export function promoteStaged(where: ReleaseTarget): VersionRef {
  return updateRelease(where.target, where.env, where.remote, (release) => {
    const next = withPromoted(release);
    return { release: next, result: { version: next.version, manifest: next.manifest } };
  });
}

/** Drops the staged version: its devices go back to the current one. */
export function abortStaged(where: ReleaseTarget): VersionRef {
  return updateRelease(where.target, where.env, where.remote, (release) => {
    const { staged } = release ?? {};
    return {
      release: withAborted(release),
      result: { version: staged?.version ?? '', manifest: staged?.manifest ?? '' },
    };
  });
}

/**
 * Records that `version` served page views without failures (the rule in
 * docs/decisions/032-release-safety.md; the release-health watcher decides it): fallbacks go to it
 * from now on. It must be the remote's current, staged or last good version here.
 */
export function markGood({ version, ...where }: ReleaseTarget & { version: string }): VersionRef {
  return updateRelease(where.target, where.env, where.remote, (release) => {
    const ref = release && knownVersions(release).find((known) => known.version === version);
    if (!ref)
      throw new Error(`${where.remote} ${version} is not the current or staged version in ${where.env}.`);
    return { release: withMarkedGood(release, ref), result: ref };
  });
}

/**
 * Repoints the registry away from a failing version (`version`; default the current one): a staged
 * version is dropped, a current one replaced by the last good version. Undefined when there is
 * nothing to roll back to (the version is not current or staged, or it is the last good one).
 */
export function rollbackToLastGood({
  reason,
  version,
  now = new Date(),
  ...where
}: ReleaseTarget & { reason: string; version?: string; now?: Date }):
  { from: string; to: string } | undefined {
  const registry = readRegistry(where.target, where.env);
  const release = registry.remotes?.[where.remote];
  const outcome = withRolledBackToLastGood(release, version ?? release?.version ?? '', reason, now);
  if (!outcome) return undefined;
  return updateRelease(where.target, where.env, where.remote, () => ({
    release: outcome.release,
    result: { from: outcome.from, to: outcome.to },
  }));
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
  const history = registry.history?.[remote] ?? [];
  const version = options.to ?? history.at(-1);
  if (!version) throw new Error(`The ${remote} remote has no earlier version to roll back to in ${env}.`);
  if (!isValidVersion(version) || !existsSync(join(target, remote, version, 'mf-manifest.json'))) {
    throw new Error(`${remote} ${version} is not deployed in ${target}.`);
  }
  updateRelease(target, env, remote, (release) => ({
    release: { ...release!, version, manifest: manifestUrl(origin, remote, version) },
    result: undefined,
  }));
  return { version };
}
