/**
 * Versioned deploys of one remote (docs/releasing.md, "Deploying a remote"). A build is published under an
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
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  ENVIRONMENTS,
  environmentById,
  type EnvironmentDefinition,
} from '@promo/domain/environments/environments';
import { registryFileSchema, type RegistryFile } from '@promo/domain/api/registry.schema';
import {
  isValidVersion,
  knownVersions,
  withAborted,
  withDeployed,
  withMarkedGood,
  withPercent,
  withPromoted,
  withRolledBackTo,
  withRolledBackToLastGood,
  withStaged,
  type RemoteRelease,
  type VersionRef,
} from '@promo/domain/environments/release-rules';
import { REMOTE_NAMES, type RemoteName } from '@promo/domain/paths';
import { removeLeftovers, temporaryName, withLock } from './crash-safe';
import { respond, type Request, type Response } from '../host/host-types';

export { REMOTE_NAMES };

export interface DeployOptions {
  remote: RemoteName;
  /** The remote's build (its dist folder). */
  from: string;
  /** The deploy target's root folder (local static hosting here, a bucket in production). */
  target: string;
  /** Environment id, a row of ENVIRONMENTS: the registry written is `<target>/registry/<env>.json`. */
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
  /** With `previewKey`: days the signed preview link opens the preview (default PREVIEW_DAYS). */
  previewDays?: number;
  /** The local environment's shell origin, for its preview link (default http://localhost:8080). */
  localShellOrigin?: string;
  /** The time the registry records for the change (default: now). */
  now?: Date;
}

/** Where the deploy tool finds the key that signs preview links for live environments. */
export const PREVIEW_KEY_VARIABLE = 'EZY_PREVIEW_KEY';

/** A preview key's least length: as many bytes as the HMAC-SHA256 it keys, so it cannot be guessed. */
const PREVIEW_KEY_MIN_BYTES = 32;

/** How long a signed preview link opens its preview, by default and at most. */
const PREVIEW_DAYS = 7;
const PREVIEW_DAYS_MAX = 30;

/**
 * Test hook: EZY_DEPLOY_PAUSE_AT=<step> makes the deploy tool stop at that step and wait for a line
 * on its standard input (or its end), so a test can kill it there (scripts/deploy/deploy-remote.test.ts)
 * or let it go on. Inert unless the variable is set.
 */
export const PAUSE_VARIABLE = 'EZY_DEPLOY_PAUSE_AT';

export type PauseStep = 'copy-started' | 'before-rename' | 'lock-held' | 'registry-written';

function pauseForTest(step: PauseStep): void {
  if (process.env[PAUSE_VARIABLE] !== step) return;
  writeSync(2, `${PAUSE_VARIABLE}: paused at ${step} (pid ${process.pid})\n`);
  const buffer = Buffer.alloc(1);
  for (;;) {
    try {
      if (readSync(0, buffer) === 0 || buffer[0] === 10) return;
    } catch (error) {
      // A pipe opened non-blocking: nothing to read yet.
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
}

/** The environment `env` names, or an error listing the ones there are. */
export function checkedEnvironment(env: string): EnvironmentDefinition {
  const found = environmentById(env);
  if (!found) {
    throw new Error(
      `"${env}" is not an environment. Use one of: ${ENVIRONMENTS.map(({ id }) => id).join(', ')}.`,
    );
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((entry) => statSync(join(dir, entry)).isFile())
    .sort();
}

/** The precompressed copies scripts/build/precompress.ts writes beside a file, and how to read them back. */
const PRECOMPRESSED = { '.br': brotliDecompressSync, '.gz': gunzipSync } as const;

const precompressedSuffix = (file: string) =>
  (Object.keys(PRECOMPRESSED) as (keyof typeof PRECOMPRESSED)[]).find((suffix) => file.endsWith(suffix));

/**
 * Removes from `dir` every precompressed copy whose contents are not its file's (a build changed
 * after it was compressed); returns their paths. The host serves a copy in place of its file when it
 * is at least as new (scripts/host/static-host.ts), and a change made within the file system's clock tick
 * of the copy is not newer: the old code would be served under the new version's path.
 */
function dropStalePrecompressed(dir: string): string[] {
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

/** `<target>/registry/<env>.json`; `env` must be an environment, so the path stays under `target`. */
export function registryPath(target: string, env: string): string {
  return join(target, 'registry', `${checkedEnvironment(env).id}.json`);
}

/**
 * A static host's `handle` that answers `/registry.json` with `env`'s registry under `target`, read
 * on every request: a deploy or rollback repoints it while the app is open.
 */
export function registryHandler(target: string, env: string) {
  checkedEnvironment(env);
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

/**
 * The registry of `env` under `target`; empty when none is written yet. An id that is no environment
 * has none (reports may name any id: the release status lists them without a registry).
 */
export function readRegistry(target: string, env: string): RegistryFile {
  if (!environmentById(env)) return {};
  const path = registryPath(target, env);
  if (!existsSync(path)) return {};
  try {
    const parsed = registryFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')));
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new Error(`${issue?.path.map(String).join('.') || 'the file'}: ${issue?.message ?? 'Invalid'}`);
  } catch (error) {
    throw new Error(`${path} is not a registry (${(error as Error).message}).`);
  }
}

/**
 * Written to a temporary file of this process's own and renamed, so a reader never sees half a
 * registry and a writer killed half-way leaves the registry as it was.
 */
function writeRegistry(target: string, env: string, registry: RegistryFile): void {
  const path = registryPath(target, env);
  const temporary = join(dirname(path), temporaryName(basename(path)));
  mkdirSync(dirname(path), { recursive: true });
  try {
    writeFileSync(temporary, `${JSON.stringify(registry, null, 2)}\n`);
    pauseForTest('registry-written');
    renameSync(temporary, path);
  } finally {
    rmSync(temporary, { force: true });
  }
}

function manifestUrl(origin: string, remote: RemoteName, version: string): string {
  return `${origin.replace(/\/$/, '')}/${remote}/${encodeURIComponent(version)}/mf-manifest.json`;
}

/**
 * Runs `work` holding the registry's lock (a file beside it naming its holder, crash-safe.ts), so
 * the deploy tool and a release-health watcher never interleave a read and a write of the same
 * registry. A lock left by a killed process is taken over; so are its temporary files.
 */
function withRegistryLock<T>(target: string, env: string, work: () => T): T {
  const path = registryPath(target, env);
  const lock = join(dirname(path), `.${basename(path)}.lock`);
  return withLock(lock, { what: `${env} registry` }, () => {
    removeLeftovers(dirname(path));
    // The earlier tool's lock, a directory no process of this one holds: left by a killed deploy.
    const legacy = `${path}.lock`;
    if (existsSync(legacy) && lstatSync(legacy).isDirectory()) {
      rmSync(legacy, { recursive: true, force: true });
      process.stderr.write(`Removed ${legacy}, a lock an earlier deploy left behind.\n`);
    }
    pauseForTest('lock-held');
    return work();
  });
}

type Change<T> = (release: RemoteRelease | undefined) => { release?: RemoteRelease; result: T };

/**
 * Reads the remote's entry, applies `change` and writes the registry back (unless the change
 * returns no release), under the registry's lock.
 */
function updateRelease<T>(target: string, env: string, remote: RemoteName, change: Change<T>): T {
  return withRegistryLock(target, env, () => changeRelease(target, env, remote, change));
}

function changeRelease<T>(target: string, env: string, remote: RemoteName, change: Change<T>): T {
  const registry = readRegistry(target, env);
  const before = registry.remotes?.[remote];
  const { release, result } = change(before);
  if (!release) return result;
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
    remotes: { ...registry.remotes, [remote]: release },
    history,
  });
  return result;
}

/** Whether an environment's previews need a signed token: live ones, where customers are. */
function previewNeedsToken(env: string): boolean {
  return environmentById(env)?.stage === 'live';
}

/**
 * The token a preview link carries on a live environment: an HMAC of the environment, remote,
 * version and the link's expiry (ISO 8601) under a key only the deploy tool holds, so it cannot be
 * made up, nor stretched past its expiry. The registry keeps only its SHA-256 (previewTokenHash)
 * and the expiry (previewExpires), which the shell compares.
 */
export function previewToken(
  key: string,
  env: string,
  remote: RemoteName,
  version: string,
  expires: string,
): string {
  return createHmac('sha256', key).update(`${env}\n${remote}@${version}\n${expires}`).digest('base64url');
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The link that opens `remote@version` in preview, on the environment's shell host; for the local
 * environment, on `localOrigin`: the shell `npm start` serves (the CLI passes the one its PORT,
 * HOST and TLS settings give).
 */
export function previewLink(
  env: string,
  remote: RemoteName,
  version: string,
  token?: string,
  localOrigin = 'http://localhost:8080',
): string {
  const { id, shellHost } = checkedEnvironment(env);
  const base = id === 'local' ? `${localOrigin.replace(/\/$/, '')}/` : `https://${shellHost}/`;
  const query = new URLSearchParams({ preview: `${remote}@${version}`, ...(token ? { token } : {}) });
  return `${base}?${query.toString().replace('%40', '@')}`;
}

export interface DeployResult extends VersionRef {
  /** Staged: the link that previews it (with its token on a live environment). */
  previewLink?: string;
  /** Staged with a key: when the link stops opening the preview (ISO 8601). */
  previewExpires?: string;
}

/** Why `key` cannot sign preview links, or undefined when it can. */
function previewKeyProblem(key: string): string | undefined {
  const bytes = Buffer.byteLength(key, 'utf8');
  if (bytes >= PREVIEW_KEY_MIN_BYTES) return undefined;
  return (
    `${PREVIEW_KEY_VARIABLE} is ${bytes} bytes long; a preview key needs at least ` +
    `${PREVIEW_KEY_MIN_BYTES} random bytes (make one with: openssl rand -base64 32).`
  );
}

/** The expiry of a preview signed `now`, `days` later. */
function previewExpiry(now: Date, days = PREVIEW_DAYS): string {
  if (!Number.isFinite(days) || days <= 0 || days > PREVIEW_DAYS_MAX) {
    throw new Error(
      `A preview link opens for more than 0 and at most ${PREVIEW_DAYS_MAX} days, not ${days}.`,
    );
  }
  return new Date(now.getTime() + days * 86_400_000).toISOString();
}

/** Deployed versions' files must be the same to share a version: its path is immutable. */
function checkSameFiles(destination: string, from: string, remote: RemoteName, version: string): void {
  if (buildHash(destination) !== buildHash(from)) {
    throw new Error(`${remote} ${version} is already deployed with different files; deploy a new version.`);
  }
}

/**
 * Copies the build to `<target>/<remote>/<version>/`: into a temporary folder of this process's
 * own, renamed into place once complete, so the version's path holds a whole build or nothing,
 * whenever the process is killed. Another deploy of the same build at the same time has its own
 * folder; whichever renames second finds the version there and drops its copy.
 */
function publish(from: string, target: string, remote: RemoteName, version: string): void {
  const folder = join(target, remote);
  const destination = join(folder, version);
  if (existsSync(destination)) return checkSameFiles(destination, from, remote, version);
  mkdirSync(folder, { recursive: true });
  removeLeftovers(folder);
  const temporary = join(folder, temporaryName(version));
  let entries = 0;
  try {
    // Timestamps kept: the host serves a precompressed .gz/.br only if it is as new as its file.
    cpSync(from, temporary, {
      recursive: true,
      preserveTimestamps: true,
      filter: () => {
        if (++entries === 3) pauseForTest('copy-started');
        return true;
      },
    });
    dropStalePrecompressed(temporary);
    pauseForTest('before-rename');
    try {
      renameSync(temporary, destination);
    } catch (error) {
      // A rename does not replace a folder that holds files: another deploy published it meanwhile.
      if (!existsSync(join(destination, 'mf-manifest.json'))) throw error;
      checkSameFiles(destination, from, remote, version);
    }
  } finally {
    rmSync(temporary, { recursive: true, force: true });
  }
}

export function deployRemote(options: DeployOptions): DeployResult {
  const { remote, from, target, env, origin, now = new Date() } = options;
  checkedEnvironment(env);
  const key = options.stage ? options.previewKey : undefined;
  if (options.stage && previewNeedsToken(env) && !key) {
    throw new Error(
      `Staging on ${env} signs its preview link: set ${PREVIEW_KEY_VARIABLE} to the preview key.`,
    );
  }
  const keyProblem = key === undefined ? undefined : previewKeyProblem(key);
  if (keyProblem) throw new Error(keyProblem);
  if (key === undefined && options.previewDays !== undefined) {
    throw new Error(`Only a signed preview link expires: preview days need ${PREVIEW_KEY_VARIABLE}.`);
  }
  const previewExpires = key === undefined ? undefined : previewExpiry(now, options.previewDays);
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

  publish(from, target, remote, version);

  const ref = { version, manifest: manifestUrl(origin, remote, version) };
  if (!options.stage) {
    updateRelease(target, env, remote, (release) => ({
      release: withDeployed(release, ref, now),
      result: undefined,
    }));
    return ref;
  }
  const token =
    key !== undefined && previewExpires ? previewToken(key, env, remote, version, previewExpires) : undefined;
  const signature =
    token && previewExpires ? { previewTokenHash: sha256Hex(token), previewExpires } : undefined;
  updateRelease(target, env, remote, (release) => ({
    release: withStaged(release, ref, options.percent ?? 0, now, signature),
    result: undefined,
  }));
  return {
    ...ref,
    previewLink: previewLink(env, remote, version, token, options.localShellOrigin),
    ...(previewExpires ? { previewExpires } : {}),
  };
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
  return updateRelease(where.target, where.env, where.remote, (release) => {
    const outcome = withRolledBackToLastGood(release, version ?? release?.version ?? '', reason, now);
    return outcome
      ? { release: outcome.release, result: { from: outcome.from, to: outcome.to } }
      : { result: undefined };
  });
}

/** Repoints the registry to the version before the current one (or `to`), which is still deployed. */
export function rollbackRemote(options: {
  remote: RemoteName;
  target: string;
  env: string;
  origin: string;
  to?: string;
  now?: Date;
}): { version: string } {
  const { remote, target, env, origin, now = new Date() } = options;
  return withRegistryLock(target, env, () => {
    const history = readRegistry(target, env).history?.[remote] ?? [];
    const version = options.to ?? history.at(-1);
    if (!version) throw new Error(`The ${remote} remote has no earlier version to roll back to in ${env}.`);
    if (!isValidVersion(version) || !existsSync(join(target, remote, version, 'mf-manifest.json'))) {
      throw new Error(`${remote} ${version} is not deployed in ${target}.`);
    }
    const ref = { version, manifest: manifestUrl(origin, remote, version) };
    return changeRelease(target, env, remote, (release) => ({
      release: withRolledBackTo(release, ref, now),
      result: { version },
    }));
  });
}
