#!/usr/bin/env node
// Finds a Chromium for the Playwright tests, installing one if needed, and records the choice in
// node_modules/.cache/ezy-browser.json ({ "executablePath": "/usr/bin/chromium" }, or "" for
// Playwright's own browser) for e2e/playwright.config.ts. Plain Node, no dependencies: it runs before
// anything else is known to work.
//
// Order: $PLAYWRIGHT_CHROMIUM_PATH, then /usr/bin/chromium, then (root on Linux with apt-get) the
// Debian/Ubuntu package, then `npx playwright install chromium`. Playwright's own download is
// unreachable on some machines, while the distribution's Chromium is.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { aptInstall, canInstallWithApt, isExecutable, run } from './system-packages.mjs';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '../..');
const cacheFile = join(repoRoot, 'node_modules', '.cache', 'ezy-browser.json');
const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const TAG = 'ensure-browser';

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

// The end-to-end tests run in Debian's headless shell of the same Chromium where it is installed
// (scripts/ci/browser-launch.ts): a quarter less CPU a test than the full browser. Best effort, beside
// the chosen Chromium: without it the tests run in that one.
if (canInstallWithApt && isExecutable(SYSTEM_CHROMIUM) && !isExecutable(HEADLESS_SHELL)) {
  if (!aptInstall(TAG, ['chromium-headless-shell']))
    console.error(
      'ensure-browser: apt-get could not install chromium-headless-shell; the tests use chromium.',
    );
}

if (isExecutable(SYSTEM_CHROMIUM)) choose(SYSTEM_CHROMIUM);

if (canInstallWithApt) {
  if (aptInstall(TAG, ['chromium', 'chromium-headless-shell'])) {
    if (isExecutable(SYSTEM_CHROMIUM)) choose(SYSTEM_CHROMIUM);
    fail(`apt-get installed chromium but ${SYSTEM_CHROMIUM} is missing.`);
  }
  console.error("ensure-browser: apt-get could not install chromium; trying Playwright's own browser.");
}

if (run(TAG, 'npx', ['playwright', 'install', 'chromium'])) choose('');

fail(
  [
    'no usable Chromium.',
    `  Install one (Debian/Ubuntu: sudo apt-get install chromium), or set PLAYWRIGHT_CHROMIUM_PATH to a`,
    '  Chromium or Chrome executable, or let `npx playwright install chromium` download its own.',
  ].join('\n'),
);
