/** How the tests, benchmarks and icons launch Chromium: the one scripts/ci/ensure-browser.mjs chose. */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchOptions } from '@playwright/test';

const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');

/** Flags that keep Chromium quiet on a machine with no outside network (no updates, sync or component downloads to wait for). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** The Chromium scripts/ci/ensure-browser.mjs chose, or undefined for Playwright's own browser. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.PLAYWRIGHT_CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const cache = join(repo, 'node_modules/.cache/ezy-browser.json');
  if (existsSync(cache)) {
    const chosen = (JSON.parse(readFileSync(cache, 'utf8')) as { executablePath?: string }).executablePath;
    if (chosen) return chosen;
  }
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

export function browserLaunchOptions(): LaunchOptions {
  const executablePath = chromiumPath();
  return { args: CHROMIUM_ARGS, ...(executablePath ? { executablePath } : {}) };
}

/**
 * Debian's headless-only build of the same Chromium (package chromium-headless-shell), the kind of
 * browser Playwright itself runs headless tests in. It has no browser window, profile UI or GPU
 * process to drive, so a test takes about a quarter less CPU than in the full browser's headless mode
 * (docs/decisions/023-test-suite-time.md); scripts/ci/ensure-browser.mjs installs it where it can.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The end-to-end tests' browser: the headless shell when it is installed, else the Chromium
 * scripts/ci/ensure-browser.mjs chose. $PLAYWRIGHT_CHROMIUM_PATH still decides first. The benchmark and
 * Lighthouse keep the full browser (browserLaunchOptions, chromiumPath): their figures are a
 * person's browser's.
 */
export function testBrowserLaunchOptions(): LaunchOptions {
  if (!process.env.PLAYWRIGHT_CHROMIUM_PATH && existsSync(HEADLESS_SHELL))
    return { args: CHROMIUM_ARGS, executablePath: HEADLESS_SHELL };
  return browserLaunchOptions();
}
