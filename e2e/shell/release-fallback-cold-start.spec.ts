import { expect, test, type Page } from '@playwright/test';
import { PROMOTIONS } from '../support/customer';
import { demo, recordRequests, remoteFiles, signInWithApi } from '../support/demo';
import { deployThrowingCustomer, testEnvironment, useRegistry } from '../support/remote-builds';

const QUIET_LINE = 'Showing the previous version of this section';

/** The page's customer code came from the last good version, after the broken one was tried. */
function expectPageCodeFrom(requests: string[], { good, broken }: { good: string; broken: string }): void {
  const customer = remoteFiles('customer');
  expect(requests.some((url) => url.startsWith(`${customer}${broken}/`))).toBe(true);
  expect(requests.some((url) => url.startsWith(`${customer}${good}/static/js/async/`))).toBe(true);
}

async function expectNoFailure(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'This section could not be loaded' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0);
}

/**
 * A signed-in customer opening the app straight into a customer screen, on a release whose page
 * chunks all throw: nothing else has loaded the customer remote's shared modules (dayjs, which the
 * shell does not offer), so the broken version's runtime is the first to try them. The page still
 * falls back to the last good version (docs/decisions/032-release-safety.md).
 */
test.describe('release fallback on a cold start', () => {
  // A failure here has been rare and load-dependent: what the page itself reported names its cause.
  const reported: string[] = [];
  test.beforeEach(({ page }) => {
    reported.length = 0;
    page.on('pageerror', (error) => reported.push(`pageerror: ${error.stack ?? error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning')
        reported.push(`console ${message.type()}: ${message.text()}`);
    });
    page.on('requestfinished', (request) => {
      if (request.url().startsWith(remoteFiles('customer'))) reported.push(`loaded: ${request.url()}`);
    });
  });
  test.afterEach(async () => {
    const testInfo = test.info();
    if (testInfo.status !== testInfo.expectedStatus)
      await testInfo.attach('what the page reported', {
        body: reported.join('\n'),
        contentType: 'text/plain',
      });
  });

  test('the dashboard opened signed in shows the previous version, quietly', async ({ page }) => {
    const env = testEnvironment('cold-start-dashboard');
    const versions = deployThrowingCustomer(env);
    const requests = recordRequests(page);
    await useRegistry(page, env);
    await signInWithApi(page, demo.customer);

    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
    await expect(page.getByText(QUIET_LINE)).toBeVisible();
    await expectNoFailure(page);
    expectPageCodeFrom(requests, versions);
  });

  test('a reload of the tracking page shows the previous version, quietly, each time', async ({ page }) => {
    const env = testEnvironment('cold-start-tracking');
    const versions = deployThrowingCustomer(env);
    const requests = recordRequests(page);
    await useRegistry(page, env);
    await signInWithApi(page, demo.customer);

    await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
    await expect(page.getByText('Promo Days Remaining')).toBeVisible();
    await expect(page.getByText(QUIET_LINE)).toBeVisible();
    await expectNoFailure(page);
    expectPageCodeFrom(requests, versions);

    // A new page view tries the broken version again and falls back again.
    requests.length = 0;
    await page.reload();
    await expect(page.getByText('Promo Days Remaining')).toBeVisible();
    await expect(page.getByText(QUIET_LINE)).toBeVisible();
    await expectNoFailure(page);
    expectPageCodeFrom(requests, versions);
  });
});
