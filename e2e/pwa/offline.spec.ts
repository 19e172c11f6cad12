import { expect, test, type Page } from '@playwright/test';
import type { RemoteName } from '@promo/domain/paths';
import { KEPT_PICTURES_KEY } from '@promo/ui/spend-chart/kept-pictures';
import { CHART_WORKER_SCRIPT } from '../../scripts/perf/route-budgets.ts';
import { demo, origins, remoteFiles, signInWithApi } from '../support/demo';
import { signInAsFreshRep } from '../support/salesrep';
import {
  cacheContents,
  cachedUrls,
  offlineStoreKeys,
  persistedQueryKeys,
  serviceWorkerScope,
} from '../support/pwa';

// The config blocks service workers for every other test (page.route cannot see what they answer).
test.use({ serviceWorkers: 'allow' });

const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
/** The worker registers once the page is idle and then caches what the page loaded: room for a busy machine. */
const WORKER_TIMEOUT = { timeout: 30_000 };
/** The first, cold load of the customer remote and its data. */
const FIRST_LOAD = { timeout: 15_000 };

/**
 * Waits until the worker has cached the whole version of the remote this page loaded: every file
 * its mf-manifest.json lists (its worker scripts too), whether or not this visit ran it.
 */
async function expectWholeRemoteCached(page: Page, remote: Exclude<RemoteName, 'public'>): Promise<void> {
  expect(await serviceWorkerScope(page)).toBe(`${origins.shell}/`);
  const manifestUrl = await page.evaluate(
    (origin) =>
      performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .find((url) => url.startsWith(origin) && url.endsWith('/mf-manifest.json')),
    remoteFiles(remote),
  );
  expect(manifestUrl).toBeDefined();
  const manifest = (await (await page.request.get(manifestUrl as string)).json()) as {
    metaData: { workerScripts: string[] };
    exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
  };
  const versionFolder = new URL('./', manifestUrl).href;
  expect(manifest.metaData.workerScripts).toEqual([expect.stringMatching(CHART_WORKER_SCRIPT)]);
  const listed = [
    ...manifest.exposes.flatMap((expose) => [...expose.assets.js.sync, ...expose.assets.js.async]),
    ...manifest.metaData.workerScripts,
  ];
  expect(listed.length).toBeGreaterThan(3);
  await expect
    .poll(() => cachedUrls(page), WORKER_TIMEOUT)
    .toEqual(expect.arrayContaining(listed.map((file) => new URL(file, versionFolder).href)));
}

/** Collects the scripts and styles that fail to load from now on. */
function failedAssets(page: Page): string[] {
  const failed: string[] = [];
  page.on('requestfailed', (request) => {
    // A chunk the page left behind as it navigated (ERR_ABORTED: the shell's update check loads
    // when the first screen is idle) is not one the offline page could not get.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    if (['script', 'stylesheet'].includes(request.resourceType())) failed.push(request.url());
  });
  return failed;
}

test.describe('offline', () => {
  test("after one online visit the customer's dashboard starts with no network, from cache, with the offline indicator", async ({
    page,
    context,
  }) => {
    await signInWithApi(page, demo.customer);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible(
      FIRST_LOAD,
    );

    expect(await serviceWorkerScope(page)).toBe(`${origins.shell}/`);
    // The customer remote loaded before the worker was active; the worker caches it on the page's
    // request, and the persister writes the data. Both must be done before the network goes.
    // Every script of the remote the dashboard ran must be cached, not only its entry: the worker
    // caches them one by one, and going offline half-way left the page without its chunk.
    const remoteScripts = await page.evaluate(
      (origin) =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .filter((url) => url.startsWith(origin) && /\.js$/.test(new URL(url).pathname)),
      remoteFiles('customer'),
    );
    expect(remoteScripts.some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
    await expect
      .poll(() => cachedUrls(page), WORKER_TIMEOUT)
      .toEqual(
        expect.arrayContaining([
          `${origins.cdn}/registry.json`,
          expect.stringMatching(new RegExp(`^${remoteFiles('customer')}.+/mf-manifest\\.json$`)),
          ...remoteScripts,
        ]),
      );
    await expect
      .poll(() => offlineStoreKeys(page))
      .toEqual(expect.arrayContaining(['session', 'query-cache']));
    // The copy is saved throttled: it must hold the dashboard's promotions, not only exist.
    await expect
      .poll(() => persistedQueryKeys(page), WORKER_TIMEOUT)
      .toEqual(expect.arrayContaining([JSON.stringify(['promotions', 'current'])]));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible(
      FIRST_LOAD,
    );
    await expect(page.getByRole('heading', { name: 'New Promotions' })).toBeVisible();
    const indicator = page.getByRole('status').filter({ hasText: 'You are offline' });
    await expect(indicator).toBeVisible();
    await expect(indicator).toContainText(
      /Showing your saved data as at \d{1,2}:\d{2} [AP]M on \d{1,2} \w+ \d{4}\./,
    );
    await expect(indicator).toContainText('Anything that needs the server');

    // The shell and the remotes came from Cache Storage; no API response was ever stored there.
    expect((await cachedUrls(page)).filter(isApi)).toEqual([]);
    await context.setOffline(false);
  });
});

test('the offline copy is written as the data arrives: a reload straight after still shows it without the API', async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  await page.goto('/');
  const promotion = page
    .getByRole('region', { name: 'Active Promotions' })
    .getByRole('link', { name: 'Track Promo' });
  await expect(promotion).toBeVisible(FIRST_LOAD);
  // No waiting for the copy here: the next load comes at once, and finds no API.
  await page.route('**/api/v1/**', (route) => route.abort('internetdisconnected'));
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible(FIRST_LOAD);
  await expect(promotion).toBeVisible();
  await expect(page.getByText('Your promotions could not be loaded')).toHaveCount(0);
});

test.describe('offline, every screen the customer visited', () => {
  test('the tracking view (with its chart), My Account and Tier Calculation open offline with their data; no script or style fails', async ({
    page,
    context,
  }) => {
    await signInWithApi(page, demo.customer);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible(
      FIRST_LOAD,
    );
    await expectWholeRemoteCached(page, 'customer');

    // Visit each screen online once, so its data is saved. The copy is written as the data arrives;
    // the next page load must not come before it.
    await page.goto('/promotions/PROMO-FoodPack-Summer');
    await expect(page.getByRole('button', { name: 'Participate' })).toBeVisible(FIRST_LOAD);
    await expect
      .poll(() => persistedQueryKeys(page))
      .toEqual(expect.arrayContaining([JSON.stringify(['promotions', 'detail', 'PROMO-FoodPack-Summer'])]));
    await page.goto('/promotions/PROMO-TierUp-Hampers');
    await expect(page.getByText('Promo Days Remaining')).toBeVisible(FIRST_LOAD);
    await expect
      .poll(() => persistedQueryKeys(page))
      .toEqual(
        expect.arrayContaining([
          JSON.stringify(['promotions', 'detail', 'PROMO-TierUp-Hampers']),
          JSON.stringify(['configuration', 'division.details', 'list']),
        ]),
      );
    await page.goto('/my-account');
    await expect(page.getByRole('heading', { name: 'Linked accounts' })).toBeVisible(FIRST_LOAD);
    await page.goto('/spend-calculation');
    await expect(page.getByRole('heading', { name: 'How your targets are calculated' })).toBeVisible();

    // A picture kept from the online visit would be shown without its worker: offline, the worker
    // must draw it from the cached script.
    await page.evaluate((key) => localStorage.removeItem(key), KEPT_PICTURES_KEY);
    const failed = failedAssets(page);
    await context.setOffline(true);
    const indicator = page.getByRole('status').filter({ hasText: 'You are offline' });

    await page.goto('/promotions/PROMO-FoodPack-Summer');
    await expect(page.getByRole('button', { name: 'Participate' })).toBeVisible(FIRST_LOAD);
    await expect(indicator).toContainText(/Showing your saved data as at/);

    await page.goto('/promotions/PROMO-TierUp-Hampers');
    await expect(page.getByText('Promo Days Remaining')).toBeVisible(FIRST_LOAD);
    const chart = page.getByRole('img', { name: /^Spend chart from / });
    await chart.scrollIntoViewIfNeeded();
    // The picture, drawn by its worker, then the interactive chart the reader reaches for: both
    // from the device. A worker slower than the page's wait (a loaded machine) leaves the chart
    // drawn on the page instead, and its picture is still kept once drawn: that is what says the
    // worker ran offline.
    await expect(chart.locator('[data-chart-picture] svg, [_echarts_instance_] svg').first()).toBeVisible(
      FIRST_LOAD,
    );
    await expect
      .poll(
        () =>
          page.evaluate(
            (key) => (JSON.parse(localStorage.getItem(key) ?? '[]') as unknown[]).length,
            KEPT_PICTURES_KEY,
          ),
        { ...FIRST_LOAD, message: "the chart's worker drew its picture offline" },
      )
      .toBe(1);
    await chart.hover();
    await expect(chart.locator('[_echarts_instance_] svg')).toBeVisible(FIRST_LOAD);
    await expect(indicator).toContainText(/Showing your saved data as at/);

    await page.goto('/my-account');
    await expect(page.getByRole('heading', { name: 'Linked accounts' })).toBeVisible(FIRST_LOAD);
    await expect(indicator).toContainText(/Showing your saved data as at/);

    await page.goto('/spend-calculation');
    await expect(page.getByRole('heading', { name: 'How your targets are calculated' })).toBeVisible(
      FIRST_LOAD,
    );
    expect(failed).toEqual([]);
    await context.setOffline(false);
  });
});

test.describe("offline, the rep's screens", () => {
  test("the dashboard, a promotion's customer table and a customer's view open offline with their data", async ({
    page,
    context,
  }) => {
    await signInAsFreshRep(page, { withSelection: true });
    await page.goto('/salesrep');
    const card = page.getByRole('article').filter({ hasText: 'Tier Up Hamper Challenge' });
    await expect(card.getByRole('link', { name: 'View Customers' })).toBeVisible(FIRST_LOAD);
    await expectWholeRemoteCached(page, 'salesrep');

    await card.getByRole('link', { name: 'View Customers' }).click();
    const showing = page.getByText(/^Showing 1–10 of [\d,]+ customers$/);
    await expect(showing).toBeVisible(FIRST_LOAD);
    const firstCustomer = page.getByRole('table').getByRole('rowheader').getByRole('link').first();
    const customerName = (await firstCustomer.textContent()) ?? '';
    // Other tests' fixtures add customers of the same name: the link's address tells them apart.
    const customerHref = (await firstCustomer.getAttribute('href')) ?? '';
    const tableText = await showing.textContent();
    await expect
      .poll(() => persistedQueryKeys(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\["rep","customers",/)]));

    await firstCustomer.click();
    await expect(page.getByRole('heading', { name: customerName, level: 2 })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('heading', { name: 'Spend by division' })).toBeVisible();
    const customerUrl = page.url();
    await expect
      .poll(() => persistedQueryKeys(page))
      .toEqual(expect.arrayContaining([expect.stringMatching(/^\["account","detail","G\d+"\]$/)]));

    const failed = failedAssets(page);
    await context.setOffline(true);
    const indicator = page.getByRole('status').filter({ hasText: 'You are offline' });

    await page.goto('/salesrep');
    await expect(card.getByRole('link', { name: 'View Customers' })).toBeVisible(FIRST_LOAD);
    await expect(indicator).toContainText(/Showing your saved data as at/);

    await card.getByRole('link', { name: 'View Customers' }).click();
    await expect(page.getByText(tableText ?? '', { exact: true })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('table').locator(`a[href="${customerHref}"]`)).toHaveText(customerName);
    await expect(indicator).toContainText(/Showing your saved data as at/);

    await page.goto(customerUrl);
    await expect(page.getByRole('heading', { name: customerName, level: 2 })).toBeVisible(FIRST_LOAD);
    await expect(page.getByRole('heading', { name: 'Spend by division' })).toBeVisible();
    await expect(indicator).toContainText(/Showing your saved data as at/);
    expect(failed).toEqual([]);
    await context.setOffline(false);
  });
});

test.describe('logout', () => {
  async function visitDashboard(page: import('@playwright/test').Page) {
    await signInWithApi(page, demo.customer);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible(
      FIRST_LOAD,
    );
    await serviceWorkerScope(page);
    await expect
      .poll(() => offlineStoreKeys(page))
      .toEqual(expect.arrayContaining(['session', 'query-cache']));
  }

  test('leaves no user data in Cache Storage or the offline store', async ({ page }) => {
    await visitDashboard(page);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${origins.shell}/login`);
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();

    expect(await offlineStoreKeys(page)).toEqual([]);
    expect((await cachedUrls(page)).filter(isApi)).toEqual([]);
  });

  test('offline, it still clears the offline store and keeps only the app code in Cache Storage', async ({
    page,
    context,
  }) => {
    await visitDashboard(page);
    await expect
      .poll(async () => Object.keys(await cacheContents(page)), WORKER_TIMEOUT)
      .toContain('ezy-precache-v1');

    // No network: the server's sign-out (and its Clear-Site-Data) never arrives; the app clears itself.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${origins.shell}/login`);

    await expect.poll(() => offlineStoreKeys(page)).toEqual([]);
    const caches = await cacheContents(page);
    expect(Object.keys(caches).every((name) => name.startsWith('ezy-'))).toBe(true);
    expect(Object.values(caches).flat().filter(isApi)).toEqual([]);
    expect(caches['ezy-precache-v1']?.length).toBeGreaterThan(0);
    await context.setOffline(false);
  });
});
