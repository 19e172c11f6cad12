/**
 * What the deploy command's tests share (deploy-remote.test.ts, deploy-remote-killed.test.ts): a
 * shell manifest and a small build that fits it, and the command run as a team runs it. The tests
 * are two files so that Vitest runs them side by side: each run of the command is a process of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the command runs from, as a team runs it. */
export const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** React as a shell build shares it, and as a remote that fits that shell shares it too. */
const REACT_SHARED = ['react', 'react/jsx-runtime'].map((name) => ({
  name,
  version: '19.2.0',
  singleton: true,
}));

/**
 * A shell build's manifest, for the command to check each remote against (--shell): the tests do
 * not depend on whether, or when, the real shell has been built.
 */
function fakeShell(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-cli-shell-'));
  writeFileSync(
    join(dir, 'mf-manifest.json'),
    JSON.stringify({ name: 'ezy_shell', exposes: [], shared: REACT_SHARED }),
  );
  return dir;
}
const shell = fakeShell();

/** A small build that meets the shell's contract: named ezy_customer, exposing ./routes, sharing React. */
export function fakeBuild(code = 'export {};'): string {
  const dir = mkdtempSync(join(tmpdir(), 'deploy-cli-build-'));
  const manifest = {
    name: 'ezy_customer',
    exposes: [{ name: 'routes', path: './routes' }],
    shared: REACT_SHARED,
    metaData: { buildInfo: { buildVersion: '1.0.0' } },
  };
  writeFileSync(join(dir, 'mf-manifest.json'), JSON.stringify(manifest));
  mkdirSync(join(dir, 'static'));
  writeFileSync(join(dir, 'static/main.js'), code);
  return dir;
}
export const build = fakeBuild();

/** The command's arguments for the customer remote into `target`, on bnt-stage unless `args` say. */
export const command = (target: string, args: string[]) => [
  '--import',
  'tsx',
  join(repo, 'scripts/deploy/deploy-remote.ts'),
  'customer',
  '--target',
  target,
  '--env',
  'bnt-stage',
  '--shell',
  shell,
  ...args,
];

/** The deploy command as a team runs it: what it printed on each stream, and its exit code. */
export function run(target: string, args: string[], env: Record<string, string> = {}) {
  const { stdout, stderr, status } = spawnSync(process.execPath, command(target, args), {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, EZY_PREVIEW_KEY: '', ...env },
  });
  return { stdout, stderr, code: status };
}

/** Its output, or its error output and exit code. */
export function cli(target: string, args: string[], env: Record<string, string> = {}) {
  const { stdout, stderr, code } = run(target, args, env);
  return { output: code === 0 ? stdout : stderr, code };
}

/** Each run of the command starts Node with tsx: a few of them outlast Vitest's 5 s on a busy machine. */
export const SPAWNS = { timeout: 60_000 };
