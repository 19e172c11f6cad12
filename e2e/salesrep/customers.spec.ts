import { readFile } from 'node:fs/promises';
import { expect, test, type Page, type Request } from '@playwright/test';
import type { AccountSearchRequest } from '@promo/domain/types';
import {
  auditEventsFor,
  expectNoSeriousAxeViolations,
  REP_PROMOTIONS,
  searchAsRep,
  signInAsFreshRep,
  type RepSelection,
} from '../support/salesrep';
import { watchEchartsDownloads } from '../support/demo';

const PROMO = REP_PROMOTIONS.multiTarget;
const tableNames = (page: Page) =>
  page.getByRole('table').getByRole('rowheader').getByRole('link').allTextContents();
const baseFilters = (selection: RepSelection) => ({
  hasTargetsFor: PROMO,
  branchID: selection.selectedBranchIds,
});

test.describe('the rep customer table', () => {
  let selection: RepSelection;
  let email: string;
  test.beforeEach(async ({ page }) => {
    const rep = await signInAsFreshRep(page, { withSelection: true });
    selection = rep.selection!;
    email = rep.email;
  });

  test('shows the first page from the dashboard, sorts by a header both ways, and pages', async ({
    page,
  }) => {
    await page.goto('/salesrep');
    await page
      .getByRole('article')
      .filter({ hasText: 'Tier Up Hamper Challenge' })
      .getByRole('link', { name: 'View Customers' })
      .click();
    await expect(page.getByRole('heading', { name: 'Tier Up Hamper Challenge', level: 1 })).toBeVisible();
    const all = await searchAsRep(page, { filters: baseFilters(selection), limit: 10 });
    await expect(
      page.getByText(`Showing 1–10 of ${all.total.toLocaleString('en-NZ')} customers`),
    ).toBeVisible();
    expect(await tableNames(page)).toEqual(all.items.map((item) => item.name));
    await expectNoSeriousAxeViolations(page);

    for (const direction of ['desc', 'asc'] as const) {
      await page.getByRole('button', { name: /Total Spend/ }).click();
      const sorted = await searchAsRep(page, {
        filters: baseFilters(selection),
        sort: [{ key: 'totalSpend', direction }],
      });
      await expect(page.getByRole('columnheader', { name: /Total Spend/ })).toHaveAttribute(
        'aria-sort',
        direction === 'asc' ? 'ascending' : 'descending',
      );
      await expect.poll(() => tableNames(page)).toEqual(sorted.items.map((item) => item.name));
    }

    await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
    const secondPage = await searchAsRep(page, {
      filters: baseFilters(selection),
      sort: [{ key: 'totalSpend', direction: 'asc' }],
      offset: 10,
    });
    await expect(
      page.getByText(`Showing 11–20 of ${all.total.toLocaleString('en-NZ')} customers`),
    ).toBeVisible();
    await expect.poll(() => tableNames(page)).toEqual(secondPage.items.map((item) => item.name));
  });

  test('filters registered customers, and the filter is kept for the promotion', async ({ page }) => {
    await page.goto(`/salesrep/promotions/${PROMO}`);
    const filter = page.getByRole('group', { name: 'Registered filter' });
    await filter.getByRole('button', { name: 'Non Registered' }).click();
    const registered = await searchAsRep(page, {
      totalOnly: true,
      filters: { ...baseFilters(selection), enrolledIn: PROMO },
    });
    await expect(
      page.getByText(`Showing 1–10 of ${registered.total.toLocaleString('en-NZ')} customers`),
    ).toBeVisible();
    await expect(page.getByRole('table').getByText('Not registered')).toHaveCount(0);

    await page.reload();
    await expect(filter.getByRole('button', { name: 'Non Registered' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    await expect(
      page.getByText(`Showing 1–10 of ${registered.total.toLocaleString('en-NZ')} customers`),
    ).toBeVisible();

    await filter.getByRole('button', { name: 'Registered', exact: true }).click();
    await filter.getByRole('button', { name: 'Non Registered' }).click();
    const notRegistered = await searchAsRep(page, {
      totalOnly: true,
      filters: { ...baseFilters(selection), notEnrolledIn: PROMO },
    });
    await expect(
      page.getByText(`Showing 1–10 of ${notRegistered.total.toLocaleString('en-NZ')} customers`),
    ).toBeVisible();
    await expect(page.getByRole('table').getByText('Not registered')).toHaveCount(10);
  });

  test('searches once typing pauses, from page 1', async ({ page }) => {
    await page.goto(`/salesrep/promotions/${PROMO}?page=3`);
    const all = await searchAsRep(page, { filters: baseFilters(selection), limit: 10 });
    await expect(
      page.getByText(`Showing 21–30 of ${all.total.toLocaleString('en-NZ')} customers`),
    ).toBeVisible();
    const fragment = all.items[3]!.name.slice(0, 9);
    const searches: { request: Request; body: AccountSearchRequest }[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/account/search') && request.method() === 'POST') {
        const body = request.postDataJSON() as AccountSearchRequest;
        if (body.filters?.searchText) searches.push({ request, body });
      }
    });
    // The browser's clock, for both the last key and the request: the test runner's would add its
    // own latency to the measure.
    await page.evaluate(() =>
      document.addEventListener('input', () =>
        window.sessionStorage.setItem('lastInput', String(Date.now())),
      ),
    );
    await page
      .getByRole('searchbox', { name: 'Search Global ID, Name or Customer ID' })
      .pressSequentially(fragment, { delay: 40 });
    const matches = await searchAsRep(page, { filters: { ...baseFilters(selection), searchText: fragment } });
    await expect(page.getByText(new RegExp(`^Showing 1–\\d+ of ${matches.total} customers?$`))).toBeVisible();
    await expect.poll(() => tableNames(page)).toEqual(matches.items.map((item) => item.name));
    // One request, with the whole text, a second after the last key.
    expect(searches.map((search) => search.body.filters?.searchText)).toEqual([fragment]);
    const lastInput = Number(await page.evaluate(() => window.sessionStorage.getItem('lastInput')));
    expect(searches[0]!.request.timing().startTime - lastInput).toBeGreaterThanOrEqual(990);
    expect(searches[0]!.body.offset).toBe(0);
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page).not.toHaveURL(/page=3/);
  });

  test('opens a customer (writing an audit event), their account details, and goes back', async ({
    page,
  }) => {
    const first = (await searchAsRep(page, { filters: baseFilters(selection), limit: 1 })).items[0]!;
    await page.goto(`/salesrep/promotions/${PROMO}`);
    // By id: customers created by other tests' fixtures may share this name.
    await page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: first.id })
      .getByRole('link', { name: first.name, exact: true })
      .click();

    await expect(page.getByRole('heading', { name: first.name, level: 2 })).toBeVisible();
    await expect(page.getByText(first.id, { exact: true })).toBeVisible();
    await expect(page.getByText('Last viewed')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Spend by division' })).toBeVisible();
    await expect(page.getByRole('radio')).toHaveCount(0);
    await expect
      .poll(async () => (await auditEventsFor(page, first.id)).filter((entry) => entry.data.user === email))
      .toEqual([
        expect.objectContaining({
          source: 'salesrep',
          event: 'customer_promotion_view',
          data: { user: email, globalId: first.id, globalName: first.name },
        }),
      ]);
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: `View account details of ${first.name}` }).click();
    await expect(page.getByRole('heading', { name: 'Global Account Details', level: 1 })).toBeVisible();
    for (const heading of ['Primary Details', 'Secondary Contact Details', 'Division Accounts'])
      await expect(page.getByRole('heading', { name: heading })).toBeVisible();
    await expect(page.getByText(first.customerIds[0]!, { exact: true })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('heading', { name: first.name, level: 2 })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('table')).toBeVisible();
  });

  test('draws the customer’s spend chart on their view; the customer table downloads no chart code', async ({
    page,
  }) => {
    const first = (await searchAsRep(page, { filters: baseFilters(selection), limit: 1 })).items[0]!;
    const echarts = watchEchartsDownloads(page, 'salesrep');
    await page.goto(`/salesrep/promotions/${PROMO}`);
    const row = page.getByRole('table').getByRole('row').filter({ hasText: first.id });
    await expect(row).toBeVisible();
    await page.waitForLoadState('networkidle');
    await echarts.settled();
    expect(echarts.urls, 'no chart code with the customer table').toEqual([]);

    await row.getByRole('link', { name: first.name, exact: true }).click();
    const card = page.getByRole('region', { name: 'Spend to date' });
    const chart = card.getByRole('img', { name: /^Spend chart from / });
    await chart.scrollIntoViewIfNeeded();
    // The chart's picture, drawn in a worker: the actual spend line and the straight-line target,
    // in their colours.
    const picture = chart.locator('[data-chart-picture]');
    await expect(picture.locator('svg')).toBeVisible();
    await expect(chart).toHaveAttribute('aria-busy', 'false');
    await expect(picture.locator('path[stroke="#0b4f9c"]').first()).toBeAttached();
    await expect(picture.locator('path[stroke="#c05600"]').first()).toBeAttached();
    await expect(card.getByRole('term').filter({ hasText: /^Actual$/ })).toBeVisible();
    const weeks = card.getByRole('table', { name: 'Spend by week' });
    await expect(weeks.getByRole('row')).not.toHaveCount(0);
    await echarts.settled();
    expect(echarts.workerUrls.length, "the picture's worker arrives with the customer view").toBeGreaterThan(
      0,
    );
    expect(echarts.urls, 'no interactive chart code before the rep reaches for it').toEqual([]);
    // Keyboard focus on the chart brings the interactive chart in the picture's place.
    await chart.focus();
    await expect(chart.locator('[_echarts_instance_] svg')).toBeVisible();
    await expect(picture).toHaveCount(0);
    await echarts.settled();
    expect(echarts.urls.length, 'the interactive chart arrives once reached for').toBeGreaterThan(0);
    await expectNoSeriousAxeViolations(page);
  });

  test('exports the whole filtered, sorted list as CSV, ranked by needs attention', async ({ page }) => {
    await page.goto(`/salesrep/promotions/${PROMO}?sort=needsAttention`);
    await expect(page.getByRole('columnheader', { name: /Needs attention/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const ranked = await searchAsRep(page, {
      filters: baseFilters(selection),
      sort: [{ key: 'needsAttention', direction: 'desc' }],
      limit: 100,
    });
    expect(ranked.total).toBeGreaterThan(100);
    await expect.poll(() => tableNames(page)).toEqual(ranked.items.slice(0, 10).map((item) => item.name));

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await expect(page.getByText(`Exported ${ranked.total.toLocaleString('en-NZ')} customers.`)).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^customers-promo-tierup-hampers-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const records = text.split('\r\n').filter((line) => line !== '');
    expect(records[0]).toBe(
      'Global ID,Name,Region,Customer IDs,Registered,Total Spend,Target 1,% Achieved,% Ahead of Pace,Next Target,Still Needed,Needed per Trading Day',
    );
    expect(records).toHaveLength(ranked.total + 1);
    // All pages, in the ranked order: the first 100 are the server's first page.
    expect(records.slice(1, 101).map((record) => record.split(',')[0])).toEqual(
      ranked.items.map((item) => item.id),
    );
    const neededPerDay = records.slice(1).map((record) => record.split(',').at(-1));
    expect(neededPerDay.filter((value) => value !== '').length).toBeGreaterThan(0);
  });
});
