import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { testBrowserLaunchOptions } from '../scripts/ci/browser-launch.ts';
import { flakyRemoteOrigin, origins, pushTestOrigin } from './support/demo.ts';
import { pwaStackOrigins } from './support/pwa-stack.ts';

/** The specs that change the shared demo data for every later test. */
const DEMO_DATA_CHANGES = ['**/customer/app-badge.spec.ts'];

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const isCI = !!process.env.CI;

// Playwright loads this file in the runner and again in each worker. The runner picks a fresh
// database once; the workers inherit the same path through the environment.
const dbFile = (process.env.EZY_E2E_DB_FILE ??= join(tmpdir(), `ezy-rewards-e2e-${Date.now()}.sqlite`));
// Remote deploys of this run (the start script's and the deploy tests') go to a folder of its own;
// specs read it from DEPLOY_DIR too.
const deployDir = (process.env.DEPLOY_DIR ??= join(tmpdir(), `ezy-rewards-e2e-deploy-${Date.now()}`));

/**
 * End-to-end tests against the built shell and remotes, each on its own origin, plus the reference
 * server (scripts/dev/start.ts). One folder per audience: customer/, salesrep/, public/, shell/; and
 * faults/, where page.route and setOffline inject failures and each must end somewhere sensible.
 */
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: join(repoRoot, 'test-results'),
  forbidOnly: isCI,
  // No retry, in CI either: a retry that passes turns a flaky test into a green run, and the
  // flakiness this suite had came from load, which a retry adds to (docs/decisions/023-test-suite-time.md).
  retries: 0,
  workers: 2,
  // Two workers, the apps, the API and Chromium share this VM's 2 cores: a federated page's cold
  // start (shell, registry, remote, page chunk) has taken 5-8 s while the other worker ran axe.
  // Assertions wait for their condition up to 10 s instead of Playwright's default 5 s, and a test
  // gets 60 s instead of 30 (the broken-deployment test runs the deploy CLI four times, about 9 s,
  // then opens three audiences' pages cold: 31 s under load; two axe runs on /spend-progress took
  // 20 s of a 25 s test).
  expect: { timeout: 10_000 },
  timeout: 60_000,
  reporter: [['list'], ['html', { open: 'never', outputFolder: join(repoRoot, 'playwright-report') }]],
  use: {
    baseURL: origins.shell,
    // page.route does not see requests a service worker answers (Playwright's own limit); a test of the
    // worker itself opts back in with test.use({ serviceWorkers: 'allow' }).
    serviceWorkers: 'block',
    // Recording a trace for every test (what 'retain-on-failure' does, keeping only the failures')
    // took half the suite's CPU: a failure keeps its screenshot and error context instead, and
    // `--trace retain-on-failure` on the command line brings traces back when one is needed
    // (docs/decisions/023-test-suite-time.md).
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      // Chromium's headless shell where installed, else the Chromium scripts/ci/ensure-browser.mjs
      // chose, with the flags it needs here (scripts/ci/browser-launch.ts).
      use: { ...devices['Desktop Chrome'], launchOptions: testBrowserLaunchOptions() },
      testIgnore: DEMO_DATA_CHANGES,
      teardown: 'chromium-after-demo-data',
    },
    {
      // Tests that move the shared demo data on (POST /dev/trading-day adds spend to every demo
      // account, so a fresh customer cloned afterwards starts further on): after all the others,
      // whether they passed or not (a teardown runs either way).
      name: 'chromium-after-demo-data',
      use: { ...devices['Desktop Chrome'], launchOptions: testBrowserLaunchOptions() },
      testMatch: DEMO_DATA_CHANGES,
    },
  ],
  webServer: {
    command: 'node --import tsx scripts/dev/start.ts --no-build',
    cwd: repoRoot,
    // The CDN's registry: answered once the API, the shell and the CDN are all up (scripts/dev/start.ts).
    url: `${origins.cdn}/registry.json`,
    reuseExistingServer: !isCI,
    timeout: 120_000,
    env: {
      DB_FILE: dbFile,
      DEPLOY_DIR: deployDir,
      // The origin e2e/shell/remote-failure.spec.ts serves the customer remote from, to stop and start it.
      EXTRA_REMOTE_ORIGINS: flakyRemoteOrigin,
      // The service-worker tests' own shell (e2e/support/pwa-stack.ts) calls the same API from its
      // origin; the API refuses state-changing calls from origins it does not know.
      ALLOWED_ORIGINS: pwaStackOrigins.shell,
      // The push tests' subscriptions: the only loopback endpoint the API takes (server/README.md).
      PUSH_TEST_ORIGINS: pushTestOrigin,
      // Every browser of the suite reports from this one machine's address: room for all of them,
      // where production counts one address per office (server/README.md, "Release health").
      LIMIT_TELEMETRY_PER_ADDRESS: '1000/1m',
      REPORT_CAP_ANONYMOUS_PER_ADDRESS: '1500',
      NODE_ENV: 'test',
    },
  },
});
