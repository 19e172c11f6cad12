import { expect, test } from '@playwright/test';
import { demo, origins, signInWithApi } from '../support/demo';

test.describe('a signed-out visitor', () => {
  for (const path of ['/', '/promotions/ANY', '/salesrep', '/salesrep/my-branches', '/contact-us']) {
    test(`is sent from ${path} to /login`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(`${origins.shell}/login`);
    });
  }

  test('sees the not-found page on an unknown path, with a way home', async ({ page }) => {
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();
  });
});

test.describe('a signed-in customer', () => {
  test.beforeEach(async ({ page }) => signInWithApi(page, demo.customer));

  test('is sent from a rep page to /', async ({ page }) => {
    await page.goto('/salesrep');
    await expect(page).toHaveURL(`${origins.shell}/`);
    await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  });

  test('is sent from a guest page to /', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(`${origins.shell}/`);
  });

  test('sees My Account, Contact Us and Logout in the menu, and no My Branches', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'My Account',
      'Privacy Policy',
      'Contact Us',
      'Logout',
    ]);
  });

  test("stays signed in when another site's page links to /logout or to the API's logout", async ({
    page,
  }) => {
    // 127.0.0.1 is another site than localhost: the session cookie (SameSite=Lax) rides a link's
    // top-level navigation from there, as it would from any site.
    const other = `${origins.shell.replace('localhost', '127.0.0.1')}/other-site.html`;
    await page.route(other, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: `<a href="${origins.shell}/logout">app</a> <a href="${origins.shell}/api/v1/session/logout">api</a>`,
      }),
    );
    for (const link of ['app', 'api']) {
      await page.goto(other);
      await page.getByRole('link', { name: link }).click();
      await expect(page).toHaveURL(`${origins.shell}/`);
      await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
    }
  });

  test('signs out from the menu and lands on /login', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
    await expect(page).toHaveURL(`${origins.shell}/login`);
    await page.goto('/');
    await expect(page).toHaveURL(`${origins.shell}/login`);
  });
});

test.describe('a signed-in rep', () => {
  test.beforeEach(async ({ page }) => signInWithApi(page, demo.rep));

  // rep@demo.test has no saved branch selection, so /salesrep sends it on to select-branches.
  test('is sent from a customer page to /salesrep', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(`${origins.shell}/salesrep/select-branches`);
  });

  test('is sent from a guest page to / and on to /salesrep', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(`${origins.shell}/salesrep/select-branches`);
  });

  test('sees My Branches in the menu', async ({ page }) => {
    await page.goto('/salesrep');
    // Where it lands first: a page change closes an open menu.
    await expect(page).toHaveURL(`${origins.shell}/salesrep/select-branches`);
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link')).toHaveText([
      'Home',
      'My Account',
      'My Branches',
      'Privacy Policy',
      'Contact Us',
      'Logout',
    ]);
  });
});

test('a visitor sees Home and Privacy Policy in the menu only', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link')).toHaveText([
    'Home',
    'Privacy Policy',
  ]);
});
