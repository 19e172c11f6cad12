import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { processGone, temporaryName, withLock, type LockOwner } from './crash-safe';

/** A pid no process has: one that just ended (the system does not hand it out again at once). */
function endedPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid;
}

function lockIn(owner: Partial<LockOwner>, ageMs = 0): string {
  const path = join(mkdtempSync(join(tmpdir(), 'lock-test-')), '.dev.json.lock');
  writeFileSync(path, JSON.stringify({ since: '2026-11-01T09:00:00.000Z', nonce: 'n', ...owner }));
  const then = new Date(Date.now() - ageMs);
  utimesSync(path, then, then);
  return path;
}

describe('temporaryName', () => {
  it('is hidden, names this host and process, and differs on every call', () => {
    const names = new Set(Array.from({ length: 100 }, () => temporaryName('1.0.0')));
    expect(names.size).toBe(100);
    for (const name of names)
      expect(name).toMatch(new RegExp(`^\\.1\\.0\\.0\\.tmp-[0-9a-f]{8}-${process.pid}-[0-9a-f]{8}$`));
  });
});

describe('processGone', () => {
  it('knows a running process from one that ended', () => {
    expect(processGone(process.pid)).toBe(false);
    expect(processGone(endedPid())).toBe(true);
  });
});

describe('withLock', () => {
  const options = { what: 'dev registry', waitMs: 300 };

  it('writes its holder into the lock while the work runs, and removes it after, even on an error', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'lock-test-')), '.dev.json.lock');
    const seen = withLock(path, options, () => JSON.parse(readFileSync(path, 'utf8')) as LockOwner);
    expect(seen).toMatchObject({ pid: process.pid, host: hostname() });
    expect(Date.now() - Date.parse(seen.since)).toBeLessThan(60_000);
    expect(existsSync(path)).toBe(false);
    expect(() =>
      withLock(path, options, () => {
        throw new Error('the change failed');
      }),
    ).toThrow('the change failed');
    // Nothing left: neither the lock nor the file it was made from.
    expect(readdirSync(join(path, '..'))).toEqual([]);
  });

  it('waits for a running holder, then says who holds it', () => {
    const path = lockIn({ pid: process.pid, host: hostname() });
    const started = Date.now();
    expect(() => withLock(path, options, () => 'ran')).toThrow(
      `The dev registry is locked by another change: process ${process.pid} on ${hostname()}, since 2026-11-01T09:00:00.000Z (${path}). It is taken over once that process has ended, or after 2 minutes.`,
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
  });

  it("does not take over another host's fresh lock: its process cannot be asked", () => {
    const path = lockIn({ pid: endedPid(), host: 'build-agent-7' });
    expect(() => withLock(path, options, () => 'ran')).toThrow('process');
    expect(existsSync(path)).toBe(true);
  });

  it.each<[string, Partial<LockOwner>, number, string]>([
    ['its process is gone', { pid: endedPid(), host: hostname() }, 0, 'is gone'],
    [
      'it is older than any change',
      { pid: process.pid, host: hostname() },
      3 * 60_000,
      'longer than any change takes',
    ],
    [
      'it is old, of another host',
      { pid: 1, host: 'build-agent-7' },
      3 * 60_000,
      'longer than any change takes',
    ],
    ['it is old and names no holder', {}, 3 * 60_000, 'from an unknown process'],
  ])('takes over a lock when %s, with a notice naming its holder', (_, owner, age, reason) => {
    const path = lockIn(owner, age);
    const notices: string[] = [];
    expect(withLock(path, { ...options, notice: (line) => notices.push(line) }, () => 'ran')).toBe('ran');
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(`Took over the dev registry lock (${path}) from `);
    expect(notices[0]).toContain(reason);
    if (owner.pid) expect(notices[0]).toContain(`process ${owner.pid} on ${owner.host ?? ''}`);
    expect(readdirSync(join(path, '..'))).toEqual([]);
  });
});
