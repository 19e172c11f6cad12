import { expect, test } from '@playwright/test';
import { demo, origins, remoteFiles, signInWithApi } from '../support/demo';
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
    expect(await serviceWorkerScope(page)).toBe(`${origins.shell}/`);
    // The worker caches the customer remote's whole version from its manifest: every file it
    // lists, the tracking view's chart among them, whether or not this visit loaded it.
    const manifestUrl = await page.evaluate(
      (origin) =>
        performance
          .getEntriesByType('resource')
          .map((entry) => entry.name)
          .find((url) => url.startsWith(origin) && url.endsWith('/mf-manifest.json')),
      remoteFiles('customer'),
    );
    expect(manifestUrl).toBeDefined();
    const manifest = (await (await page.request.get(manifestUrl as string)).json()) as {
      exposes: { assets: { js: { sync: string[]; async: string[] } } }[];
    };
    const versionFolder = new URL('./', manifestUrl).href;
    const listed = manifest.exposes.flatMap((expose) => [
      ...expose.assets.js.sync,
      ...expose.assets.js.async,
    ]);
    expect(listed.length).toBeGreaterThan(5);
    await expect
      .poll(() => cachedUrls(page), WORKER_TIMEOUT)
      .toEqual(expect.arrayContaining(listed.map((file) => new URL(file, versionFolder).href)));

    // Visit each screen online once, so its data is saved.
    await page.goto('/promotions/PROMO-TierUp-Hampers');
    await expect(page.getByText('Promo Days Remaining')).toBeVisible(FIRST_LOAD);
    // The copy is saved throttled: wait for it before the next page load replaces this one.
    await expect
      .poll(() => persistedQueryKeys(page), WORKER_TIMEOUT)
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

    const failed: string[] = [];
    page.on('requestfailed', (request) => {
      if (['script', 'stylesheet'].includes(request.resourceType())) failed.push(request.url());
    });
    await context.setOffline(true);
    const indicator = page.getByRole('status').filter({ hasText: 'You are offline' });

    await page.goto('/promotions/PROMO-TierUp-Hampers');
    await expect(page.getByText('Promo Days Remaining')).toBeVisible(FIRST_LOAD);
    const chart = page.getByRole('img', { name: /^Spend chart from / });
    await chart.scrollIntoViewIfNeeded();
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
