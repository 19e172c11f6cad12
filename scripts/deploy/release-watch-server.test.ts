import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReleaseReport, ReportedEvent } from '@promo/domain/release-health/release-report.schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deployRemote, readRegistry } from './remote-deploy';

/**
 * The watcher against the reference server: the API started as `npm start` starts it (reading the
 * registries the deploy tool writes), generated reports sent to POST /api/v1/telemetry as browsers
 * behind distinct addresses send them through the shell's proxy (which names the client in
 * X-Forwarded-For), and `npm run release:health` reading the server's database and repointing the
 * registry on disk.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
const WEBKIT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const CHROMIUM =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let folder: string;
let api: ChildProcess;
let apiBase: string;
const dbFile = () => join(folder, 'ezy.sqlite');
const target = () => join(folder, 'deploy');

function fakeBuild(name: string): string {
  const dir = join(folder, name);
  mkdirSync(join(dir, 'static/js'), { recursive: true });
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ metaData: { buildInfo: { buildVersion: name } } }),
  );
  writeFileSync(join(dir, 'static/js/main.js'), `console.log(${JSON.stringify(name)});`);
  return dir;
}

/** Sends `events` in reports of 50, as one browser engine at one client address. */
async function report(events: ReportedEvent[], userAgent: string, address: string): Promise<void> {
  for (let start = 0; start < events.length; start += 50) {
    // The browser's rollout id: no version of the public remote is staged, so every id is served the current one.
    const body: ReleaseReport = {
      env: 'local',
      device: `device-${address}`,
      events: events.slice(start, start + 50),
    };
    const response = await fetch(`${apiBase}/telemetry`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'user-agent': userAgent,
        'x-forwarded-for': address,
      },
      body: JSON.stringify(body),
    });
    expect(response.status, await response.text()).toBe(204);
  }
}

/** Each of `count` distinct client addresses (from `first`) sends `events`. */
async function fromAddresses(count: number, first: number, events: ReportedEvent[], userAgent: string) {
  for (let index = 0; index < count; index += 1)
    await report(events, userAgent, `198.51.100.${first + index}`);
}

const times = <T>(count: number, event: T): T[] => Array.from({ length: count }, () => event);

/** Runs `npm run release:health -- <args>` against this test's database and registry. */
function releases(args: string[]): { exited: Promise<number>; output: () => string } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(repo, 'scripts/deploy/releases.ts'), ...args],
    {
      cwd: repo,
      env: { ...process.env, DB_FILE: dbFile(), DEPLOY_DIR: target() },
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return {
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code ?? -1))),
    output: () => output,
  };
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'ezy-release-watch-'));
  api = spawn(process.execPath, ['--import', 'tsx', join(repo, 'server/src/main.ts')], {
    cwd: repo,
    env: {
      ...process.env,
      DB_FILE: dbFile(),
      API_PORT: '0',
      LOG_LEVEL: 'error',
      RELEASE_REGISTRY_DIR: join(target(), 'registry'),
    },
  });
  apiBase = await new Promise<string>((resolve, reject) => {
    let output = '';
    api.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+\/api\/v1)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    api.on('exit', (code) => reject(new Error(`The API exited (${code}): ${output}`)));
  });
}, 60_000);

afterAll(() => {
  api?.kill('SIGTERM');
  rmSync(folder, { recursive: true, force: true });
});

describe('npm run release:health -- watch, against the reference server', () => {
  it('exits 2 with the usage on an option it does not know, and watches nothing', async () => {
    const watch = releases(['watch', 'customer', '--bogus-flag']);
    expect(await watch.exited).toBe(2);
    expect(watch.output()).toContain("Unknown option '--bogus-flag'");
    expect(watch.output()).toContain('Usage: npm run release:health -- status');
    expect(watch.output()).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('rolls a public version that fails in WebKit back to the last good one, says why, and status shows it', async () => {
    const origin = 'http://localhost:8401';
    deployRemote({
      remote: 'public',
      from: fakeBuild('1.0.0'),
      target: target(),
      env: 'local',
      origin,
      version: '1.0.0',
    });
    deployRemote({
      remote: 'public',
      from: fakeBuild('2.0.0'),
      target: target(),
      env: 'local',
      origin,
      version: '2.0.0',
    });
    // Twenty addresses used 1.0.0 without a failure, many times over.
    await fromAddresses(
      20,
      1,
      times(5, { type: 'page-view', remote: 'public', version: '1.0.0', route: '/' }),
      CHROMIUM,
    );

    const watch = releases(['watch', 'public', '--every', '200ms', '--for', '30s']);
    // The new version's first reports: healthy so far, and too few to judge.
    await fromAddresses(
      3,
      101,
      times(10, { type: 'page-view', remote: 'public', version: '2.0.0', route: '/' }),
      CHROMIUM,
    );
    await expect.poll(watch.output, { timeout: 20_000 }).toContain('watching: ');
    // Then it fails in WebKit, for six more addresses, three times each: the shell falls back to 1.0.0.
    await fromAddresses(
      6,
      201,
      [
        ...times(3, {
          type: 'load-failure',
          remote: 'public',
          version: '2.0.0',
          stage: 'module',
          message: 'boom',
        } as const),
        ...times(3, { type: 'fallback', remote: 'public', from: '2.0.0', to: '1.0.0' } as const),
        ...times(3, { type: 'page-view', remote: 'public', version: '1.0.0', route: '/' } as const),
      ],
      WEBKIT,
    );

    expect(await watch.exited).toBe(1);
    // The watcher decides as soon as the failures are enough, which may be before the sixth address
    // has reported: N of the failing addresses, of N + 3 reporters.
    const decision =
      /: 2\.0\.0 failed for (\d) of (\d+) reporters \([\d.]+ %; (\d) with load failures, 0 with crashes, (\d) fallen back; WebKit 18 (\d)\), against 0\.0 % for 1\.0\.0: more than 5\.0 % worse\./.exec(
        watch.output(),
      );
    expect(watch.output()).toContain('local: public rolled back from 2.0.0 to 1.0.0: 2.0.0 failed for ');
    const [failing, reporters, withLoadFailures, fallenBack, inWebKit] = (decision ?? [])
      .slice(1)
      .map(Number);
    expect(failing).toBeGreaterThan(0);
    expect([reporters, withLoadFailures, fallenBack]).toEqual([failing! + 3, failing, failing]);
    expect(inWebKit).toBeGreaterThanOrEqual(failing!);
    const release = readRegistry(target(), 'local').remotes?.public;
    expect(release).toMatchObject({ version: '1.0.0', lastRollback: { from: '2.0.0', to: '1.0.0' } });

    const status = releases(['status', '--env', 'local']);
    expect(await status.exited).toBe(0);
    const lines = status.output().split('\n');
    // Distinct reporters: nine tried 2.0.0, six of them failed and fell back; three viewed it fine.
    expect(lines.find((line) => line.includes('2.0.0'))).toMatch(
      /public\s+2\.0\.0\s+rolled back\s+9\s+0\s+6 \(66\.7 %\)\s+6\s+3\s+–\s+–\s+WebKit 18 \(6\)/,
    );
    expect(lines.find((line) => line.includes('1.0.0'))).toMatch(
      /public\s+1\.0\.0\s+current, last good\s+26\s+0\s+0 \(0\.0 %\)\s+0\s+26/,
    );
  }, 60_000);
});
