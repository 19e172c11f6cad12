import { expect, test, type Page } from '@playwright/test';
import type { RemoteName } from '@promo/domain/paths';
import { DEMO_PROMOTION_IDS } from '@promo/server/demo-logins';
import { demo, remoteFiles, signInWithApi } from '../support/demo';
import { signInAsFreshRep } from '../support/salesrep';
import { apiCall, expectMenuWorks, expectNoDeadEnd } from './fault-support';

/**
 * A screen that throws while rendering says something went wrong and offers Try again; only a
 * download that failed asks the person to check their connection (docs/product-rules.md,
 * 'Not-found and error pages'). Both, on the customer's tracking view and the rep's customer table.
 */

const CRASH_TITLE = 'Something went wrong on this screen';
const CRASH_MESSAGE = 'Try again, or reload the app.';
const PROMO = DEMO_PROMOTION_IDS.multiTarget;

/** The error notice with this heading. */
const notice = (page: Page, title: string) =>
  page.getByRole('alert').filter({ has: page.getByRole('heading', { name: title }) });

/** Answers an API call with the server's answer reshaped by `reshape`. */
async function reshapeAnswer(page: Page, path: string, reshape: (body: unknown) => unknown): Promise<void> {
  await page.route(apiCall(path), async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: reshape(await response.json()) });
  });
}

/**
 * Fails every JavaScript file of `remote` whose code carries `marker` (chunk names are build
 * hashes), as a dropped connection would.
 */
async function abortRemoteCode(
  page: Page,
  remote: Exclude<RemoteName, 'public'>,
  marker?: string,
): Promise<void> {
  await page.route(`${remoteFiles(remote)}**/*.js`, async (route) => {
    if (marker === undefined) return route.abort('connectionreset');
    const response = await route.fetch();
    const body = await response.text();
    return body.includes(marker) ? route.abort('connectionreset') : route.fulfill({ response, body });
  });
}

test.describe("the customer's tracking view", () => {
  test.beforeEach(async ({ page }) => {
    await signInWithApi(page, demo.customer);
  });

  test('crashing while rendering: says something went wrong, with Try again, never the connection', async ({
    page,
  }) => {
    // Daily figures that are not an object: the view throws reading them.
    await reshapeAnswer(page, '/account/get', (accounts) =>
      (accounts as Record<string, unknown>[]).map((account) => ({ ...account, pastProgressDetails: null })),
    );
    await page.goto(`/promotions/${PROMO}`);
    const crash = notice(page, CRASH_TITLE);
    await expect(crash).toContainText(CRASH_MESSAGE);
    await expect(crash.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expect(crash.getByRole('button', { name: 'Reload the app' })).toBeVisible();
    await expect(page.getByText(/check your connection/i)).toHaveCount(0);
    // Only the view failed: the promotion's footer and the app around it work.
    await expect(page.getByText('All spend values displayed exclude GST')).toBeVisible();
    await expectNoDeadEnd(page);
    await expectMenuWorks(page, 'Logout');

    // Once the answers are whole again, Try again asks for them afresh and shows the view.
    await page.unrouteAll({ behavior: 'wait' });
    await crash.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Your pace' })).toBeVisible();
  });

  test("the chart's code not downloading: asks to check the connection and reload", async ({ page }) => {
    // ECharts stamps this attribute on what it draws into: only its chunks carry it.
    await abortRemoteCode(page, 'customer', '_echarts_instance_');
    await page.goto(`/promotions/${PROMO}`);
    const failure = notice(page, 'Your progress could not be shown');
    // The chart's code is asked for once its box is on screen, which on this viewport may be at
    // once: the failure can replace the box before a test could scroll to it. So scroll as a
    // reader does, a little at a time, until the failure shows.
    await expect(async () => {
      await page.mouse.wheel(0, 200);
      await expect(failure).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(failure).toContainText('Check your connection and reload the page.');
    await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
    await expect(page.getByRole('heading', { name: CRASH_TITLE })).toHaveCount(0);
    await expectNoDeadEnd(page);

    await page.unrouteAll({ behavior: 'wait' });
    await failure.getByRole('button', { name: 'Reload' }).click();
    const chart = page.getByRole('img', { name: /^Spend chart from / });
    await chart.scrollIntoViewIfNeeded();
    // The picture first; the interactive chart once the reader reaches for it.
    await expect(chart.locator('[data-chart-picture] svg')).toBeVisible();
    await chart.hover();
    await expect(chart.locator('[_echarts_instance_] svg')).toBeVisible();
  });
});

test.describe("the rep's customer table", () => {
  test.beforeEach(async ({ page }) => {
    await signInAsFreshRep(page, { withSelection: true });
  });

  test('crashing while rendering: says something went wrong, with Try again, never the connection', async ({
    page,
  }) => {
    // A page of customers without its rows: the table throws reading them.
    await reshapeAnswer(page, '/account/search', (answer) => {
      const search = answer as Record<string, unknown>;
      return 'items' in search ? { ...search, items: null } : search;
    });
    await page.goto(`/salesrep/promotions/${PROMO}`);
    const crash = notice(page, CRASH_TITLE);
    await expect(crash).toContainText(CRASH_MESSAGE);
    await expect(page.getByText(/check your connection/i)).toHaveCount(0);
    await expectNoDeadEnd(page);
    await expectMenuWorks(page, 'Logout');

    // Once the answers are whole again, Try again asks for them afresh and shows the table.
    await page.unrouteAll({ behavior: 'wait' });
    await crash.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table').getByRole('rowheader').first()).toBeVisible();
  });

  test("the page's code not downloading: says the section could not be loaded, and Try again recovers", async ({
    page,
  }) => {
    await page.goto('/salesrep');
    const customers = page
      .getByRole('article')
      .filter({ hasText: 'Tier Up Hamper Challenge' })
      .getByRole('link', { name: 'View Customers' });
    await expect(customers).toBeVisible();
    // The dashboard is in; the customer table's code is not, and now cannot be fetched.
    await abortRemoteCode(page, 'salesrep');
    await customers.click();
    const failure = notice(page, 'This section could not be loaded');
    await expect(failure).toContainText(
      'Check your connection and try again. The rest of the app still works.',
    );
    await expect(page.getByRole('heading', { name: CRASH_TITLE })).toHaveCount(0);
    await expectMenuWorks(page, 'Logout');

    await page.unrouteAll({ behavior: 'wait' });
    await failure.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('table').getByRole('rowheader').first()).toBeVisible();
  });
});
