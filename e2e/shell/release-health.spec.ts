import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page } from '@playwright/test';
import type { ReleaseReport, ReportedEvent } from '@promo/domain/release-health/release-report';
import { demo, origins, signInWithForm } from '../support/demo';
import { deployThrowingCustomer, useRegistry } from '../support/remote-builds';

const repo = fileURLToPath(new URL('../..', import.meta.url));

const BROKEN_VERSION = '9.9.9-broken';

/** Every report the page sent to the telemetry endpoint, with the status the API answered. */
function watchReports(page: Page): { events: ReportedEvent[]; statuses: number[] } {
  const seen = { events: [] as ReportedEvent[], statuses: [] as number[] };
  page.on('response', (response) => {
    if (new URL(response.url()).pathname !== '/api/v1/telemetry') return;
    seen.statuses.push(response.status());
    seen.events.push(...(JSON.parse(response.request().postData() ?? '{}') as ReleaseReport).events);
  });
  return seen;
}

/** What a browser does as its tab goes to the background: the page is told it is hidden. */
async function hidePage(page: Page): Promise<void> {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
  });
}

test('page views and a remote that fails to load reach the telemetry endpoint when the page is hidden', async ({
  page,
}) => {
  // The customer remote's current version is one whose manifest is not there.
  await page.route('**/registry.json', async (route) => {
    const response = await route.fetch();
    const registry = (await response.json()) as {
      remotes: Record<string, { version: string; manifest: string }>;
    };
    registry.remotes.customer = {
      version: BROKEN_VERSION,
      manifest: `${origins.cdn}/customer/${BROKEN_VERSION}/mf-manifest.json`,
    };
    await route.fulfill({ response, json: registry });
  });
  const reports = watchReports(page);

  await signInWithForm(page, demo.customer);
  await expect(page.getByRole('heading', { name: 'This section could not be loaded' })).toBeVisible();

  // Reporting starts a few seconds after the first screen; until then a hidden page sends nothing.
  await expect(async () => {
    await hidePage(page);
    expect(reports.events).toContainEqual(
      expect.objectContaining({ type: 'load-failure', remote: 'customer', version: BROKEN_VERSION }),
    );
  }).toPass({ timeout: 20_000, intervals: [500] });

  expect(reports.events).toContainEqual(
    expect.objectContaining({ type: 'page-view', remote: 'public', route: '/login' }),
  );
  expect(reports.events).toContainEqual(
    expect.objectContaining({ type: 'load-failure', stage: 'manifest', remote: 'customer' }),
  );
  // Anonymous: the page sent no e-mail address, and the API stored every report.
  expect(JSON.stringify(reports.events)).not.toContain(demo.customer);
  expect(reports.statuses.every((status) => status === 204)).toBe(true);
});

/** `npm run releases -- <args>` over this run's database (the API's DB_FILE) and deploys. */
function releases(args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', join(repo, 'scripts/releases.ts'), ...args], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, DB_FILE: process.env.EZY_E2E_DB_FILE },
  });
}

test('a customer release whose pages throw: its failures and the fallback reach the server, and releases status shows them for that version and engine', async ({
  page,
}) => {
  const env = `e2e-health-${test.info().workerIndex}-${Date.now()}`;
  const { good, broken } = deployThrowingCustomer(env);
  await useRegistry(page, env);
  const reports = watchReports(page);

  await signInWithForm(page, demo.customer);
  await expect(page.getByText('Showing the previous version of this section')).toBeVisible();
  await expect(async () => {
    await hidePage(page);
    expect(reports.events).toContainEqual({ type: 'fallback', remote: 'customer', from: broken, to: good });
  }).toPass({ timeout: 20_000, intervals: [500] });
  expect(reports.events).toContainEqual(
    expect.objectContaining({ type: 'load-failure', remote: 'customer', version: broken }),
  );
  expect(reports.events).toContainEqual({ type: 'page-view', remote: 'customer', version: good, route: '/' });

  // The page runs as the local environment (its hostname); the test only showed it another registry.
  const rows = JSON.parse(releases(['status', '--env', 'local', '--remote', 'customer', '--json'])) as {
    version: string;
    loadFailures: number;
    fallbacks: number;
    failureRate: number;
    failingEngines: { engine: string; failures: number }[];
  }[];
  const row = rows.find((candidate) => candidate.version === broken);
  expect(row).toMatchObject({ failureRate: 1 });
  expect(row?.loadFailures).toBeGreaterThanOrEqual(1);
  expect(row?.fallbacks).toBeGreaterThanOrEqual(1);
  expect(row?.failingEngines[0]?.engine).toMatch(/^Chromium \d+$/);
  expect(releases(['status', '--env', 'local'])).toMatch(
    new RegExp(
      `customer\\s+${broken.replaceAll('.', '\\.')}\\s.*100\\.0 %\\s+\\d+\\s.*Chromium \\d+ \\(\\d+\\)`,
    ),
  );
});
