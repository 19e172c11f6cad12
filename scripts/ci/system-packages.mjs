// What scripts/ci/ensure-browser.mjs and scripts/ci/ensure-engines.mjs share: finding executables, and
// installing the distribution's packages through apt-get where that is allowed (root on Linux with
// apt-get). Plain Node, no dependencies: both run before anything else is known to work.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** @param {string} path */
export function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} command */
function onPath(command) {
  return (process.env.PATH ?? '').split(delimiter).some((dir) => dir && isExecutable(join(dir, command)));
}

/**
 * Runs `command`, its output passed through, after printing it under `tag`; true when it succeeded.
 * @param {string} tag
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
export function run(tag, command, args, env = process.env) {
  console.error(`${tag}: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env,
    // npx is npx.cmd on Windows, which only a shell can start.
    shell: process.platform === 'win32',
  });
  return result.status === 0;
}

/** Whether this process may install packages with apt-get. */
export const canInstallWithApt =
  process.platform === 'linux' &&
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  onPath('apt-get');

/**
 * `apt-get update` and `apt-get install -y <packages>`, unattended; true when both succeeded.
 * @param {string} tag
 * @param {readonly string[]} packages
 */
export function aptInstall(tag, packages) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  return run(tag, 'apt-get', ['update'], env) && run(tag, 'apt-get', ['install', '-y', ...packages], env);
}
