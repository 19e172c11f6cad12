import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { outcome, satisfiesEngines } from './supported-node.mjs';

const repo = join(import.meta.dirname, '../..');
const engines = (
  JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { engines: { node: string } }
).engines.node;

describe('satisfiesEngines', () => {
  it("takes the releases package.json's engines names, and no other", () => {
    expect(engines).toBe('^22.14.0 || ^24.0.0 || ^26.0.0');
    for (const version of ['22.14.0', '22.22.1', '24.0.0', '24.21.0', '26.10.0'])
      expect(satisfiesEngines(version, engines), version).toBe(true);
    for (const version of ['20.20.2', '22.13.9', '23.11.0', '25.1.0', '27.0.0', '18.20.0'])
      expect(satisfiesEngines(version, engines), version).toBe(false);
  });

  it('does not read a range form it does not know as met', () => {
    expect(satisfiesEngines('24.1.0', '>=22')).toBe(false);
  });
});

describe('outcome', () => {
  it('passes an exit code on unchanged', () => {
    for (const status of [0, 1, 2, 3, 127])
      expect(outcome('x', { status, signal: null })).toEqual({ code: status });
  });

  it('says which signal stopped the script, and gives 2, "could not run"', () => {
    expect(outcome('`npm run release:health:here`', { status: null, signal: 'SIGKILL' })).toEqual({
      code: 2,
      message: '`npm run release:health:here` was stopped by SIGKILL: it did not run to its end.',
    });
    // As the shell that npm runs a script in reports a crash: 128 + the signal's number.
    expect(outcome('`npm run release:health:here`', { status: 139, signal: null })).toEqual({
      code: 2,
      message:
        '`npm run release:health:here` was stopped by SIGSEGV (exit code 139): it did not run to its end.',
    });
  });
});

/** A package of the given npm scripts, with this repository's engines and supported-node.mjs. */
function packageWith(scripts: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'supported-node-'));
  mkdirSync(join(dir, 'scripts/ci'), { recursive: true });
  copyFileSync(join(repo, 'scripts/ci/supported-node.mjs'), join(dir, 'scripts/ci/supported-node.mjs'));
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'probe', engines: { node: engines }, scripts }),
  );
  return dir;
}

/** Each case starts npm, twice when nested: more than Vitest's 5 s on a busy machine. */
const SPAWNS = { timeout: 60_000 };

describe('a script run through supported-node.mjs', SPAWNS, () => {
  const dir = packageWith({
    'exit-three': 'node -e "process.exit(3)"',
    crash: `node -e "process.kill(process.pid, 'SIGSEGV')"`,
    'through-npm': 'node scripts/ci/supported-node.mjs exit-three',
  });
  const run = (script: string) =>
    spawnSync(process.execPath, [join(dir, 'scripts/ci/supported-node.mjs'), script], {
      cwd: dir,
      encoding: 'utf8',
    });

  it('exits with its exit code, through npm run as well', () => {
    expect(run('exit-three').status).toBe(3);
    expect(run('through-npm').status).toBe(3);
  });

  it('that crashes exits with 2 and says with which signal', () => {
    const crashed = run('crash');
    expect(crashed.status).toBe(2);
    expect(crashed.stderr).toContain(
      '`npm run crash` was stopped by SIGSEGV (exit code 139): it did not run to its end.',
    );
  });
});

describe('npm start and npm test', () => {
  it('run through scripts/ci/supported-node.mjs, which runs the named script on a supported Node', () => {
    const { scripts } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.start).toBe('node scripts/ci/supported-node.mjs build-and-serve');
    expect(scripts.test).toBe('node scripts/ci/supported-node.mjs test:all');
    expect(scripts.serve).toBe('node scripts/ci/supported-node.mjs serve:here');
    // The release commands too: the watcher reads the SQLite database.
    expect(scripts['release:health']).toBe('node scripts/ci/supported-node.mjs release:health:here');
    expect(scripts['release:deploy']).toBe('node scripts/ci/supported-node.mjs release:deploy:here');
    // This process's Node is a supported one (Vitest runs on it): npm runs the script directly,
    // and says so of one that does not exist.
    const run = spawnSync(process.execPath, [join(repo, 'scripts/ci/supported-node.mjs'), 'no-such-script'], {
      cwd: repo,
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('Missing script: "no-such-script"');
    expect(run.stderr).not.toContain('not one this project supports');
  });
});

describe('npm run release:deploy', SPAWNS, () => {
  it("gives the command's own exit code and message through supported-node.mjs and npm", () => {
    const run = spawnSync(
      'npm',
      ['run', '--silent', 'release:deploy', '--', 'customer', '--env', 'ezy-live'],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('"ezy-live" is not an environment. Use one of: local, dev,');
  });
});
