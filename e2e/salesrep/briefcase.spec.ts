import { expect, test, type Page } from '@playwright/test';
import { pageSummary } from '@promo/domain/rep/customer-list.rules';
import { PACE_BAND_LABELS } from '@promo/domain/rep/rep-progress.rules';
import type { AccountSearchRequest, AccountSearchResponse } from '@promo/domain/types';
import { origins, remoteFiles } from '../support/demo';
import { cachedUrls } from '../support/pwa';
import { auditEventsFor, REP_PROMOTIONS, searchAsRep, signInAsFreshRep } from '../support/salesrep';

// Offline pages are served by the service worker, which the config blocks elsewhere.
test.use({ serviceWorkers: 'allow' });

const PROMO = REP_PROMOTIONS.multiTarget;
/** Cold loads of the remote, and the whole download of the rep's customers, on a busy machine. */
const SLOW = { timeout: 60_000 };

/** Waits until the worker holds every file of the salesrep version this page loaded. */
async function expectSalesrepCached(page: Page): Promise<void> {
  const manifestUrl = await page.evaluate(
    (origin) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((url) => url.startsWith(origin) && url.endsWith('/mf-manifest.json')),
    remoteFiles('salesrep'),
  );
  expect(manifestUrl, `no salesrep manifest from ${origins.cdn}`).toBeDefined();
  const manifest = (await (await page.request.get(manifestUrl as string)).json()) as {
    exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const folder = new URL('./', manifestUrl).href;
  const files = manifest.exposes.flatMap((expose) => [...expose.assets.js.sync, ...expose.assets.js.async]);
  await expect
    .poll(() => cachedUrls(page), SLOW)
    .toEqual(expect.arrayContaining(files.map((file) => new URL(file, folder).href)));
}

/** The table's rows as the page shows them: each customer's id, from the link to their view. */
async function shownIds(page: Page): Promise<string[]> {
  const hrefs = await page
    .getByRole('table')
    .getByRole('rowheader')
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  return hrefs.map((href) => new URL(href, 'http://x').searchParams.get('customer') ?? href);
}

const showing = (answer: AccountSearchResponse, page = 1) => pageSummary(page, answer.total);

test.describe('the rep’s briefcase', () => {
  test('keeps the customers, then offline searches, filters, sorts and opens one never opened, and sends its audit event back online', async ({
    page,
    context,
  }) => {
    const { email, selection } = await signInAsFreshRep(page, { withSelection: true });
    const branchID = selection!.selectedBranchIds;
    await page.goto('/salesrep');
    await expect(page.getByRole('link', { name: 'View Customers' }).first()).toBeVisible(SLOW);
    await expectSalesrepCached(page);

    await page.goto('/salesrep/my-branches');
    await page.getByRole('button', { name: 'Keep my customers on this device' }).click();
    await expect(
      page.getByText(/^[\d,]+ customers: about [\d.]+ MB to download and [\d.]+ MB on this device\.$/),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Keep them' }).click();
    await expect(page.getByText(/^Kept on this device, as at \d{1,2}:\d{2} [AP]M\.$/)).toBeVisible(SLOW);

    // What the server answers for the same searches, asked just before the connection goes.
    const base = { hasTargetsFor: PROMO, branchID };
    const byDefault = await searchAsRep(page, { filters: base, limit: 10 });
    const searched: AccountSearchRequest = {
      filters: { ...base, searchText: 'auto' },
      sort: [{ key: 'totalSpend', direction: 'asc' }],
      limit: 10,
    };
    const bySearch = await searchAsRep(page, searched);
    const behind = await searchAsRep(page, { ...searched, filters: { ...searched.filters, band: 'behind' } });
    const thirdPage = await searchAsRep(page, {
      filters: base,
      sort: [{ key: 'needsAttention', direction: 'desc' }],
      offset: 20,
      limit: 10,
    });
    const neverOpened = thirdPage.items.at(-1)!;

    await context.setOffline(true);
    const indicator = page.getByRole('status').filter({ hasText: 'You are offline' });

    await page.goto(`/salesrep/promotions/${PROMO}`);
    await expect(page.getByText(showing(byDefault), { exact: true })).toBeVisible(SLOW);
    expect(await shownIds(page)).toEqual(byDefault.ids);
    await expect(indicator).toContainText(/Showing your saved data as at/);

    await page.goto(`/salesrep/promotions/${PROMO}?q=auto&sort=totalSpend&dir=asc`);
    await expect(page.getByText(showing(bySearch), { exact: true })).toBeVisible(SLOW);
    expect(await shownIds(page)).toEqual(bySearch.ids);

    await page
      .getByRole('group', { name: 'Pace band filter' })
      .getByRole('button', { name: new RegExp(`^${PACE_BAND_LABELS.behind} [\\d,]+$`) })
      .click();
    await expect(page.getByText(showing(behind), { exact: true })).toBeVisible();
    expect(await shownIds(page)).toEqual(behind.ids);
    await page
      .getByRole('group', { name: 'Pace band filter' })
      .getByRole('button', { name: new RegExp(`^${PACE_BAND_LABELS.behind} [\\d,]+$`) })
      .click();

    await page.goto(`/salesrep/promotions/${PROMO}?sort=needsAttention&page=3`);
    await expect(page.getByText(showing(thirdPage, 3), { exact: true })).toBeVisible(SLOW);
    expect(await shownIds(page)).toEqual(thirdPage.ids);

    await page.goto(`/salesrep/promotions/${PROMO}?customer=${neverOpened.id}`);
    await expect(page.getByRole('heading', { name: neverOpened.name, level: 2 })).toBeVisible(SLOW);
    await expect(page.getByRole('heading', { name: 'Spend by division' })).toBeVisible();
    await expect(indicator).toContainText(/Showing your saved data as at/);
    const fromThisRep = async () =>
      (await auditEventsFor(page, neverOpened.id)).filter((entry) => entry.data.user === email);
    expect(await fromThisRep()).toEqual([]);

    await context.setOffline(false);
    await expect.poll(fromThisRep, SLOW).toEqual([
      expect.objectContaining({
        source: 'salesrep',
        event: 'customer_promotion_view',
        data: { user: email, globalId: neverOpened.id, globalName: neverOpened.name },
      }),
    ]);
  });
});
