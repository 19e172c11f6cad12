import { expect, test } from '@playwright/test';
import { demo, origins, signInWithApi, signInWithForm } from '../support/demo';
import { apiCall, expectMenuWorks, expectNoDeadEnd, expectSignedOutOnLogin } from './fault-support';

/**
 * What the customer's first screens ask the API for as the app starts: the session and the user
 * (the shell), then the dashboard's promotions and account, and the divisions' configuration on a
 * promotion's tracking view.
 */
const START_UP_CALLS = [
  { path: '/session/get', page: '/' },
  { path: '/user/get', page: '/' },
  { path: '/promotion/get', page: '/' },
  { path: '/account/get', page: '/' },
  { path: '/configuration/get', page: '/promotions/PROMO-TierUp-Hampers' },
];

test.describe('a 401 at start-up signs out to /login', () => {
  for (const call of START_UP_CALLS) {
    test(`from ${call.path}`, async ({ page }) => {
      await signInWithApi(page, demo.customer);
      await page.route(apiCall(call.path), (route) =>
        route.fulfill({ status: 401, json: { message: 'Please sign in to continue.' } }),
      );
      await page.goto(call.page);
      await expectSignedOutOnLogin(page);
    });
  }
});

test.describe('the API down at start', () => {
  test('a visitor signed in before on this browser gets the screens and says the server cannot be reached', async ({
    page,
  }) => {
    await signInWithForm(page, demo.customer);
    await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
    await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
    await page.reload();
    await expect(page.getByText('The server cannot be reached')).toBeVisible();
    await expectNoDeadEnd(page);
    await expectMenuWorks(page, 'Logout');
  });

  test('a new visitor lands on /login, told the server cannot be reached', async ({ page }) => {
    await page.route('**/api/v1/**', (route) => route.abort('connectionrefused'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('The server cannot be reached')).toBeVisible();
    await expectNoDeadEnd(page);
  });
});

test.describe('the API answering 500 at start', () => {
  for (const path of ['/promotion/get', '/account/get']) {
    test(`to the dashboard's ${path}: the dashboard says so, the rest works`, async ({ page }) => {
      await signInWithApi(page, demo.customer);
      await page.route(apiCall(path), (route) =>
        route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
      );
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'Your promotions could not be loaded' })).toBeVisible();
      await expectNoDeadEnd(page);
      await expectMenuWorks(page, 'Logout');
    });
  }

  for (const path of ['/session/get', '/user/get']) {
    test(`to the sign-in check's ${path}: says the sign-in could not be checked, with Try again`, async ({
      page,
    }) => {
      await signInWithApi(page, demo.customer);
      let failing = true;
      await page.route(apiCall(path), (route) =>
        failing
          ? route.fulfill({ status: 500, json: { message: 'Internal Server Error' } })
          : route.continue(),
      );
      await page.goto('/');
      await expect(page.getByRole('heading', { name: 'We could not check your sign-in' })).toBeVisible();
      await expectNoDeadEnd(page);
      await expectMenuWorks(page, 'Privacy Policy');

      failing = false;
      await page.getByRole('button', { name: 'Try again' }).click();
      await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
    });
  }
});

test('the API answering late: the loading state, then the data', async ({ page }) => {
  await signInWithApi(page, demo.customer);
  // The answers are held until the loading state has been seen, however long that takes, instead
  // of for a fixed time that is either too short on a busy machine or wasted on a quiet one.
  let release!: () => void;
  const loadingSeen = new Promise<void>((resolve) => (release = resolve));
  const late = (path: string) =>
    page.route(apiCall(path), async (route) => {
      await loadingSeen;
      await route.continue();
    });
  await late('/promotion/get');
  await late('/account/get');
  await page.goto('/');
  await expect(page.getByRole('status').filter({ hasText: 'Loading…' }).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeHidden();
  release();
  await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  await expectNoDeadEnd(page);
});

test.describe('remote code that cannot be loaded', () => {
  test('the registry down: the app says it could not be loaded, not a blank page', async ({ page }) => {
    await page.route(`${origins.cdn}/registry.json`, (route) => route.abort('connectionrefused'));
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'The app could not be loaded' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Try again' })).toBeVisible();
    await expectNoDeadEnd(page);
  });

  test("a remote's manifest 404: the section could not be loaded, the rest works", async ({ page }) => {
    await signInWithApi(page, demo.customer);
    await page.route(/\/customer\/[^/]+\/mf-manifest\.json$/, (route) =>
      route.fulfill({ status: 404, body: 'Not Found' }),
    );
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'This section could not be loaded' })).toBeVisible();
    await expectNoDeadEnd(page);
    await expectMenuWorks(page, 'Logout');
  });
});
