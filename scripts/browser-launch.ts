import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LaunchOptions } from '@playwright/test';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');

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

/** The Chromium scripts/ensure-browser.mjs chose, or undefined for Playwright's own browser. */
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
