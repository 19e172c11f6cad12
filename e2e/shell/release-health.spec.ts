import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { ReleaseReport, ReportedEvent } from '@promo/domain/release-health/release-report.schema';
import { demo, origins, signInWithApi, signInWithForm } from '../support/demo';
import {
  changedCustomerBuild,
  deployCustomer,
  deployEnvironment,
  testEnvironment,
  throwingCustomerBuild,
  useRegistry,
} from '../support/remote-builds';

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
  // The report names nobody (no e-mail address), and the API answered every report.
  expect(JSON.stringify(reports.events)).not.toContain(demo.customer);
  expect(reports.statuses.every((status) => status === 204)).toBe(true);
});

/** `npm run release:health -- <args>` over this run's database (the API's DB_FILE) and deploys. */
function releases(args: string[]): string {
  return execFileSync(
    process.execPath,
    ['--import', 'tsx', join(repo, 'scripts/deploy/releases.ts'), ...args],
    {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, DB_FILE: process.env.EZY_E2E_DB_FILE },
    },
  );
}

/** `releases watch`: its exit code (0 good, 1 rolled back, 3 undecided) and what it printed. */
function watchRelease(args: string[]): { status: number; output: string } {
  try {
    return { status: 0, output: releases(['watch', ...args]) };
  } catch (error) {
    const { status, stdout, stderr } = error as { status: number; stdout: string; stderr: string };
    return { status, output: `${stdout}${stderr}` };
  }
}

interface StatusRow {
  version: string;
  reporters: number;
  signedReporters: number;
  failingReporters: number;
  pageViews: number;
  failureRate: number;
  release: { version: string; staged?: { version: string }; lastGood?: { version: string } } | null;
}

const statusOf = (env: string) =>
  JSON.parse(releases(['status', '--env', env, '--remote', 'customer', '--json'])) as StatusRow[];

/** The customer remote's entry in `env`'s registry, as this run's deploys wrote it. */
const customerRelease = (env: string) =>
  (
    JSON.parse(readFileSync(join(process.env.DEPLOY_DIR!, 'registry', `${env}.json`), 'utf8')) as {
      remotes: { customer: NonNullable<StatusRow['release']> };
    }
  ).remotes.customer;

/**
 * The page runs as the local environment (its hostname picks it); a test that shows it another
 * environment's registry (useRegistry) has its reports filed under that environment too, so the
 * figures and the watcher see this test's versions only.
 */
async function reportAs(page: Page, env: string): Promise<void> {
  await page.route('**/api/v1/telemetry', async (route) => {
    const report = JSON.parse(route.request().postData() ?? '{}') as ReleaseReport;
    await route.continue({ postData: JSON.stringify({ ...report, env }) });
  });
}

/**
 * Reports as a script sends them: straight to the shell's API proxy, anonymous, from this machine,
 * each claiming another client address in X-Forwarded-For (which the edge proxy replaces).
 */
async function flood(request: APIRequestContext, env: string, event: ReportedEvent, reports: number) {
  for (let index = 0; index < reports; index += 1) {
    const response = await request.post(`${origins.shell}/api/v1/telemetry`, {
      headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-forwarded-for': `203.0.113.${index + 1}` },
      data: JSON.stringify({ env, events: Array.from({ length: 50 }, () => event) } satisfies ReleaseReport),
    });
    expect(response.status()).toBe(204);
  }
}

interface Customer {
  page: Page;
  email: string;
  password: string;
}

/** `count` fresh confirmed customers (dev fixtures), each with a page in a browser context of its own. */
async function freshCustomers(browser: Browser, count: number): Promise<Customer[]> {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const page = await (await browser.newContext()).newPage();
      const response = await page.request.post(`${origins.shell}/api/v1/dev/fixtures/customer`, {
        data: { scenario: 'confirmed' },
      });
      expect(response.ok(), await response.text()).toBe(true);
      const { email, password } = (await response.json()) as { email: string; password: string };
      return { page, email, password };
    }),
  );
}

/**
 * Each customer signs in on `env`'s registry, as a person does, and stays on the dashboard until
 * the page has reported `expected` (the reporter starts a few seconds after the first screen;
 * hiding the page sends).
 */
async function useApp(customers: Customer[], env: string, expected: Partial<ReportedEvent>, heading: string) {
  await Promise.all(
    customers.map(async ({ page, email, password }) => {
      await useRegistry(page, env);
      await reportAs(page, env);
      const reports = watchReports(page);
      await signInWithForm(page, email, password);
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible();
      await expect(async () => {
        await hidePage(page);
        expect(reports.events).toContainEqual(expect.objectContaining(expected));
      }).toPass({ timeout: 30_000, intervals: [500] });
      expect(reports.statuses.every((status) => status === 204)).toBe(true);
      await page.context().close();
    }),
  );
}

// Each test has an environment of its own (testEnvironment; this run's DEPLOY_DIR holds its
// registry), so the figures and the watcher see its versions only. Real rows of ENVIRONMENTS: the
// API takes reports for no other.
test.describe('release decisions only real, distinct people can sway', () => {
  test.describe.configure({ timeout: 120_000 });

  test('a flood of anonymous fake failures, each claiming another address, leaves a staged good version staged; the watcher exits 3, undecided', async ({
    request,
  }) => {
    const env = testEnvironment('health-flood');
    const { customer: current } = deployEnvironment(env);
    const staged = `2.0.0-good-${Date.now()}`;
    deployCustomer(env, changedCustomerBuild('good'), staged, '--stage', '--percent', '100');

    await flood(
      request,
      env,
      { type: 'load-failure', remote: 'customer', version: staged, stage: 'module', message: 'fake' },
      8,
    );

    // Nobody without an account is served the customer remote: none of the 400 events counts.
    expect(statusOf(env).find((candidate) => candidate.version === staged)).toBeUndefined();
    const watched = watchRelease(['customer', '--env', env, '--for', '2s', '--every', '1s']);
    expect(watched.status, watched.output).toBe(3);
    expect(watched.output).toContain(
      `${env}: customer no decision within the watch: nobody it was served to has reported on it yet`,
    );
    expect(customerRelease(env)).toMatchObject({ version: current, staged: { version: staged } });
  });

  test('page views sent before a deploy do not count, and 50 fake page views do not mark a broken version good', async ({
    request,
    browser,
  }) => {
    const env = testEnvironment('health-early-views');
    const { customer: good } = deployEnvironment(env);
    const broken = `9.9.9-broken-${Date.now()}`;
    const view: ReportedEvent = { type: 'page-view', remote: 'customer', version: broken, route: '/' };
    // Signed-in people "view" the version before it exists...
    const early = await freshCustomers(browser, 3);
    for (const { page, email, password } of early) {
      await signInWithApi(page, email, password);
      const response = await page.request.post(`${origins.shell}/api/v1/telemetry`, {
        headers: { 'content-type': 'text/plain;charset=UTF-8' },
        data: JSON.stringify({ env, events: [view] } satisfies ReleaseReport),
      });
      expect(response.status()).toBe(204);
      await page.context().close();
    }
    // ...then it is deployed, broken, and an anonymous script sends 50 page views of it.
    deployCustomer(env, throwingCustomerBuild(), broken);
    await flood(request, env, view, 1);

    expect(statusOf(env).find((candidate) => candidate.version === broken)).toBeUndefined();
    const watched = watchRelease([
      'customer',
      ...['--env', env, '--good-reporters', '3', '--min-age', '0s', '--for', '2s', '--every', '1s'],
    ]);
    expect(watched.status, watched.output).toBe(3);
    expect(watched.output).toContain('nobody it was served to has reported on it yet');
    expect(customerRelease(env)).toMatchObject({ version: broken, lastGood: { version: good } });
  });

  test('fake failures on the current version do not shield a staged broken one: real customers fail on it, the watcher rolls it back, and status counts them as distinct reporters', async ({
    request,
    browser,
  }) => {
    const env = testEnvironment('health-rollback');
    const { customer: current } = deployEnvironment(env);
    await flood(
      request,
      env,
      { type: 'load-failure', remote: 'customer', version: current, stage: 'module', message: 'fake' },
      4,
    );
    const broken = `9.9.9-staged-broken-${Date.now()}`;
    deployCustomer(env, throwingCustomerBuild(), broken, '--stage', '--percent', '100');

    await useApp(
      await freshCustomers(browser, 3),
      env,
      { type: 'fallback', remote: 'customer', from: broken, to: current },
      'Active Promotions',
    );

    const row = statusOf(env).find((candidate) => candidate.version === broken);
    expect(row).toMatchObject({ reporters: 3, signedReporters: 3, failingReporters: 3, failureRate: 1 });
    expect(releases(['status', '--env', env])).toMatch(
      new RegExp(
        `customer\\s+${broken.replaceAll('.', '\\.')}\\s+staged 100 %\\s+3\\s+3\\s+3 \\(100\\.0 %\\)\\s+3\\s`,
      ),
    );
    const watched = watchRelease([
      'customer',
      ...['--env', env, '--rollback-reporters', '3', '--for', '30s', '--every', '1s'],
    ]);
    expect(watched.status, watched.output).toBe(1);
    expect(watched.output).toContain(
      `${env}: customer rolled back from ${broken} to ${current}: ${broken} failed for 3 of 3 signed-in reporters (100.0 %`,
    );
    const after = statusOf(env).find((candidate) => candidate.version === broken);
    expect(after?.release).toMatchObject({ version: current });
    expect(after?.release?.staged).toBeUndefined();
  });

  test('a healthy staged version used by enough distinct signed-in customers is marked good', async ({
    browser,
  }) => {
    const env = testEnvironment('health-good');
    deployEnvironment(env);
    const healthy = `2.1.0-healthy-${Date.now()}`;
    deployCustomer(env, changedCustomerBuild('healthy'), healthy, '--stage', '--percent', '100');

    await useApp(
      await freshCustomers(browser, 3),
      env,
      { type: 'page-view', remote: 'customer', version: healthy },
      'Active Promotions healthy',
    );

    const watched = watchRelease([
      'customer',
      ...['--env', env, '--good-reporters', '3', '--min-age', '0s', '--for', '30s', '--every', '1s'],
    ]);
    expect(watched.status, watched.output).toBe(0);
    expect(watched.output).toContain(
      `${env}: customer ${healthy} is marked good: ${healthy} served 3 signed-in reporters`,
    );
    expect(statusOf(env).find((row) => row.version === healthy)?.release).toMatchObject({
      lastGood: { version: healthy },
    });
  });
});
