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

/** `releases watch`: its exit code (1 when it rolled the version back) and what it printed. */
function watchRelease(args: string[]): { status: number; output: string } {
  try {
    return { status: 0, output: releases(['watch', ...args]) };
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string };
    return { status, output: `${stdout}${stderr}` };
  }
}

/**
 * The page runs as the local environment (its hostname picks it); a test that shows it its own
 * environment's registry (useRegistry) has its reports filed under that environment too, so the
 * figures and the watcher see this test's versions only.
 */
async function reportAs(page: Page, env: string): Promise<void> {
  await page.route('**/api/v1/telemetry', async (route) => {
    const report = JSON.parse(route.request().postData() ?? '{}') as ReleaseReport;
    await route.continue({ postData: JSON.stringify({ ...report, env }) });
  });
}

test('a customer release whose pages throw: its failures and the fallback reach the server, and releases status shows them for that version and engine, and the watcher rolls it back', async ({
  page,
}) => {
  const env = `e2e-health-${test.info().workerIndex}-${Date.now()}`;
  const { good, broken } = deployThrowingCustomer(env);
  await useRegistry(page, env);
  await reportAs(page, env);
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

  const rows = JSON.parse(releases(['status', '--env', env, '--remote', 'customer', '--json'])) as {
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
  expect(releases(['status', '--env', env])).toMatch(
    new RegExp(
      `customer\\s+${broken.replaceAll('.', '\\.')}\\s.*100\\.0 %\\s+\\d+\\s.*Chromium \\d+ \\(\\d+\\)`,
    ),
  );

  // The watcher, told to decide on one attempt, finds the version failing every time against its
  // last good version's none, and repoints the registry; the next page load gets the good version.
  const watched = watchRelease([
    'customer',
    '--env',
    env,
    '--for',
    '30s',
    '--every',
    '1s',
    '--min-attempts',
    '1',
  ]);
  expect(watched.output).toContain(
    `${env}: customer rolled back from ${broken} to ${good}: ${broken} failed 100.0 %`,
  );
  expect(watched.status).toBe(1);
  const after = JSON.parse(releases(['status', '--env', env, '--remote', 'customer', '--json'])) as {
    release: { version: string; lastGood?: { version: string } } | null;
  }[];
  expect(after[0]?.release).toMatchObject({ version: good, lastGood: { version: good } });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
  await expect(page.getByText('Showing the previous version of this section')).toHaveCount(0);
});
