/**
 * What lets a deploy be killed at any moment (kill -9, a closed terminal, a cancelled CI job)
 * without blocking or misleading the next one (docs/decisions/032-release-safety.md): temporary
 * names that say which process made them, a lock that says who holds it, and the removal of what a
 * process that is gone left behind. Every such name starts with '.': the static host serves no
 * path segment that does, so nothing half-written reaches the CDN.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { basename, dirname, join } from 'node:path';

/** This host in temporary names: a short hash, since a host name may hold any character. */
const HOST_TAG = createHash('sha256').update(hostname()).digest('hex').slice(0, 8);

/**
 * A name for a temporary copy of `name` beside it, unique to this process and call:
 * `.<name>.tmp-<host>-<pid>-<random>`. Two processes, or two calls, never share one.
 */
export function temporaryName(name: string): string {
  return `.${name}.tmp-${HOST_TAG}-${process.pid}-${randomBytes(4).toString('hex')}`;
}

const TEMPORARY = /^\..+\.tmp-([0-9a-f]{8})-(\d+)-[0-9a-f]{8}$/;

/** Whether process `pid` on this host has ended (one of another user's still counts as running). */
export function processGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * How old a temporary copy must be to count as left behind when its process cannot be asked (made
 * on another host sharing the target, or its pid reused): no copy of a build takes this long.
 */
const LEFTOVER_AFTER_MS = 60 * 60_000;

/** Removes from `dir` the temporary copies whose process is gone; returns their names. */
export function removeLeftovers(dir: string, now = Date.now()): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const removed: string[] = [];
  for (const entry of entries) {
    const match = TEMPORARY.exec(entry);
    if (!match) continue;
    const [, host, pid] = match;
    let age: number;
    try {
      age = now - lstatSync(join(dir, entry)).mtimeMs;
    } catch {
      continue; // Its process finished with it meanwhile.
    }
    if ((host === HOST_TAG && processGone(Number(pid))) || age > LEFTOVER_AFTER_MS) {
      rmSync(join(dir, entry), { recursive: true, force: true });
      removed.push(entry);
    }
  }
  return removed;
}

/** Who holds a lock: written into the lock file as it is created. */
export interface LockOwner {
  pid: number;
  host: string;
  /** ISO 8601 */
  since: string;
  /** Tells this holding apart from a later one by the same pid. */
  nonce: string;
}

/** How long a lock may be held before it counts as left behind: a registry change takes milliseconds. */
const STALE_LOCK_MS = 2 * 60_000;

/** How long a change waits for another process's change of the same registry. */
const LOCK_WAIT_MS = 5000;

interface Held {
  text: string;
  ino: number;
  mtimeMs: number;
  owner?: LockOwner;
}

function ownerOf(text: string): LockOwner | undefined {
  try {
    const value = JSON.parse(text) as Partial<LockOwner>;
    return typeof value.pid === 'number' && typeof value.host === 'string' ? (value as LockOwner) : undefined;
  } catch {
    return undefined;
  }
}

function inspect(path: string): Held | undefined {
  try {
    const stat = lstatSync(path);
    const text = stat.isFile() ? readFileSync(path, 'utf8') : '';
    return { text, ino: stat.ino, mtimeMs: stat.mtimeMs, owner: ownerOf(text) };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

const describeHolder = ({ owner, mtimeMs }: Held) =>
  owner
    ? `process ${owner.pid} on ${owner.host}, since ${owner.since}`
    : `an unknown process, since ${new Date(mtimeMs).toISOString()}`;

function staleReason(held: Held, staleMs: number): string | undefined {
  const { owner } = held;
  if (owner && owner.host === hostname() && processGone(owner.pid)) return `process ${owner.pid} is gone`;
  const age = Date.now() - held.mtimeMs;
  if (age > staleMs) return `held for ${Math.round(age / 1000)} s, longer than any change takes`;
  return undefined;
}

/** Creates the lock at `path` holding `text` in one step (a link of a finished file); false if held. */
function tryCreate(path: string, text: string): boolean {
  const temporary = join(dirname(path), temporaryName(basename(path)));
  writeFileSync(temporary, text);
  try {
    linkSync(temporary, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * Removes the left-behind lock `held`, and only it: it is moved aside first, and if what was moved
 * is not what was judged left behind (another process took the lock in between), it is put back.
 */
function takeOver(path: string, held: Held): boolean {
  const aside = join(dirname(path), temporaryName(basename(path)));
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
  const moved = inspect(aside);
  if (moved && moved.ino === held.ino && moved.text === held.text) {
    rmSync(aside, { recursive: true, force: true });
    return true;
  }
  try {
    if (moved?.text) linkSync(aside, path);
    else renameSync(aside, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  rmSync(aside, { recursive: true, force: true });
  return false;
}

export interface LockOptions {
  /** Named in messages, e.g. "bnt-stage registry". */
  what: string;
  waitMs?: number;
  staleMs?: number;
  /** Where a take-over is told (default: standard error). */
  notice?: (line: string) => void;
}

/**
 * Runs `work` holding the lock file at `path`. The file names its holder (pid, host, start time);
 * a lock whose process is gone (same host, pid not running) or older than `staleMs` was left by a
 * process that was killed, and is taken over with a notice naming that process.
 */
export function withLock<T>(path: string, options: LockOptions, work: () => T): T {
  const {
    what,
    waitMs = LOCK_WAIT_MS,
    staleMs = STALE_LOCK_MS,
    notice = (line) => process.stderr.write(`${line}\n`),
  } = options;
  const owner: LockOwner = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    nonce: randomBytes(6).toString('hex'),
  };
  const text = JSON.stringify(owner);
  mkdirSync(dirname(path), { recursive: true });
  const deadline = Date.now() + waitMs;
  while (!tryCreate(path, text)) {
    const held = inspect(path);
    if (!held) continue;
    const stale = staleReason(held, staleMs);
    if (stale) {
      if (takeOver(path, held))
        notice(`Took over the ${what} lock (${path}) from ${describeHolder(held)}: ${stale}.`);
      continue;
    }
    if (Date.now() > deadline) {
      throw new Error(
        `The ${what} is locked by another change: ${describeHolder(held)} (${path}). It is taken ` +
          `over once that process has ended, or after ${staleMs / 60_000} minutes.`,
      );
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
  try {
    return work();
  } finally {
    // Only this holding: one taken over meanwhile (held past staleMs) is the new holder's.
    if (inspect(path)?.text === text) rmSync(path, { force: true });
  }
}
