/**
 * `npm run bench`: builds the apps, serves them with the reference server, and drives Chromium
 * through each audience's first screen on a cold cache. For every route it prints the JavaScript
 * the browser transferred (compressed body bytes, from the browser's own network accounting), all
 * bytes and the request count, and writes them to bench-results/bench.json.
 *
 *   npm run bench               build, then measure
 *   npm run bench -- --no-build measure the current build
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { browserLaunchOptions } from './browser-launch';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const PORTS = {
  PORT: '8180',
  PUBLIC_PORT: '8181',
  CUSTOMER_PORT: '8182',
  SALESREP_PORT: '8183',
  API_PORT: '3181',
};
const SHELL = `http://localhost:${PORTS.PORT}`;
const PASSWORD = 'Demo-pass1!';

interface RouteFigures {
  route: string;
  jsBytes: number;
  jsRequests: number;
  totalBytes: number;
  requests: number;
}

interface Scenario {
  route: string;
  signInAs?: string;
  path: string;
  ready: (page: Page) => Promise<unknown>;
}

const scenarios: Scenario[] = [
  {
    route: '/login (anonymous)',
    path: '/login',
    ready: (page) => page.getByRole('button', { name: 'Sign In', exact: true }).waitFor(),
  },
  {
    route: '/ customer dashboard',
    signInAs: 'customer@demo.test',
    path: '/',
    ready: (page) => page.getByRole('heading', { name: 'Active Promotions' }).waitFor(),
  },
  {
    route: '/salesrep (first visit: select branches)',
    signInAs: 'rep@demo.test',
    path: '/salesrep',
    ready: (page) => page.getByRole('heading', { name: 'Select Branches', level: 1 }).waitFor(),
  },
];

async function measure(browser: Browser, scenario: Scenario): Promise<RouteFigures> {
  // A new context is a cold cache: nothing from an earlier route is reused.
  const context = await browser.newContext({
    baseURL: SHELL,
    serviceWorkers: 'block',
    // The targets are gzip bytes: ask for gzip only, as a browser without brotli would.
    extraHTTPHeaders: { 'Accept-Encoding': 'gzip' },
  });
  if (scenario.signInAs) {
    const response = await context.request.post('/api/v1/session/login', {
      data: { email: scenario.signInAs, password: PASSWORD },
    });
    if (!response.ok()) throw new Error(`Sign-in as ${scenario.signInAs} failed: ${response.status()}`);
  }
  const page = await context.newPage();
  const finished: Promise<{ url: string; type: string; bytes: number }>[] = [];
  page.on('requestfinished', (request) => {
    finished.push(
      request.sizes().then((sizes) => ({
        url: request.url(),
        type: request.resourceType(),
        bytes: sizes.responseBodySize,
      })),
    );
  });
  await page.goto(scenario.path);
  await scenario.ready(page);
  await page.waitForLoadState('networkidle');
  const entries = await Promise.all(finished);
  await context.close();
  const scripts = entries.filter((entry) => entry.type === 'script' || /\.m?js(\?|$)/.test(entry.url));
  if (process.argv.includes('--verbose'))
    for (const s of [...scripts].sort((a, b) => b.bytes - a.bytes))
      console.log(`${String(s.bytes).padStart(8)} ${s.url}`);
  return {
    route: scenario.route,
    jsBytes: scripts.reduce((sum, entry) => sum + entry.bytes, 0),
    jsRequests: scripts.length,
    totalBytes: entries.reduce((sum, entry) => sum + entry.bytes, 0),
    requests: entries.length,
  };
}

async function waitForShell(): Promise<void> {
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      const response = await fetch(`${SHELL}/registry.json`);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('The app did not start within 30 s.');
}

async function main() {
  if (!process.argv.includes('--no-build')) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: repo, stdio: 'inherit' });
    if (build.status !== 0) process.exit(build.status ?? 1);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'ezy-bench-'));
  const server = spawn(process.execPath, ['--import', 'tsx', join(repo, 'scripts/start.ts')], {
    cwd: repo,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...PORTS,
      DB_FILE: join(dataDir, 'bench.sqlite'),
      DEPLOY_DIR: join(dataDir, 'deploy'),
    },
  });
  try {
    await waitForShell();
    const browser = await chromium.launch(browserLaunchOptions());
    const results: RouteFigures[] = [];
    for (const scenario of scenarios) results.push(await measure(browser, scenario));
    await browser.close();

    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log('\nroute                        JS (compressed)  JS requests  all bytes   requests');
    for (const r of results) {
      console.log(
        `${r.route.padEnd(29)}${kb(r.jsBytes).padStart(15)}${String(r.jsRequests).padStart(13)}${kb(r.totalBytes).padStart(11)}${String(r.requests).padStart(11)}`,
      );
    }
    mkdirSync(join(repo, 'bench-results'), { recursive: true });
    const report = { measuredAt: new Date().toISOString(), routes: results };
    writeFileSync(join(repo, 'bench-results/bench.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nWritten to bench-results/bench.json');
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
