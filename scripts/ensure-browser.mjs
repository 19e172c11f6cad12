#!/usr/bin/env node
// Finds a Chromium for the Playwright tests, installing one if needed, and records the choice in
// node_modules/.cache/ezy-browser.json ({ "executablePath": "/usr/bin/chromium" }, or "" for
// Playwright's own browser) for e2e/playwright.config.ts. Plain Node, no dependencies: it runs before
// anything else is known to work.
//
// Order: $PLAYWRIGHT_CHROMIUM_PATH, then /usr/bin/chromium, then (root on Linux with apt-get) the
// Debian/Ubuntu package, then `npx playwright install chromium`. Playwright's own download is
// unreachable on some machines, while the distribution's Chromium is.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const cacheFile = join(repoRoot, 'node_modules', '.cache', 'ezy-browser.json');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/** @param {string} path */
function isExecutable(path) {
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
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
function run(command, args, env = process.env) {
  console.error(`ensure-browser: ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env,
    // npx is npx.cmd on Windows, which only a shell can start.
    shell: process.platform === 'win32',
  });
  return result.status === 0;
}

/** @param {string} executablePath the browser to launch, or '' for Playwright's own */
function choose(executablePath) {
  mkdirSync(dirname(cacheFile), { recursive: true });
  writeFileSync(cacheFile, `${JSON.stringify({ executablePath }, null, 2)}\n`);
  console.log(executablePath || "Playwright's own Chromium");
  process.exit(0);
}

function fail(message) {
  console.error(`ensure-browser: ${message}`);
  process.exit(1);
}

const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH;
if (fromEnv) {
  if (isExecutable(fromEnv)) choose(fromEnv);
  console.error(
    `ensure-browser: PLAYWRIGHT_CHROMIUM_PATH=${fromEnv} is not an executable file; looking further.`,
  );
}

if (isExecutable(SYSTEM_CHROMIUM)) choose(SYSTEM_CHROMIUM);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (process.platform === 'linux' && isRoot && onPath('apt-get')) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update'], env) && run('apt-get', ['install', '-y', 'chromium'], env)) {
    if (isExecutable(SYSTEM_CHROMIUM)) choose(SYSTEM_CHROMIUM);
    fail(`apt-get installed chromium but ${SYSTEM_CHROMIUM} is missing.`);
  }
  console.error("ensure-browser: apt-get could not install chromium; trying Playwright's own browser.");
}

if (run('npx', ['playwright', 'install', 'chromium'])) choose('');

fail(
  [
    'no usable Chromium.',
    `  Install one (Debian/Ubuntu: sudo apt-get install chromium), or set PLAYWRIGHT_CHROMIUM_PATH to a`,
    '  Chromium or Chrome executable, or let `npx playwright install chromium` download its own.',
  ].join('\n'),
);
