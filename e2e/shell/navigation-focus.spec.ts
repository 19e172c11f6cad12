import { expect, test } from '@playwright/test';
import { demo, signInWithApi } from '../support/demo';

/**
 * After a navigation inside the app, focus is on the new page's title, so a screen reader reads it
 * as it reads a new document's (shell/src/layout/use-title-focus.ts).
 */
test('moving between pages puts focus on the new page’s title; the first page is left to the browser', async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
  const title = page.getByRole('banner').getByRole('heading', { level: 1 });
  await expect(title).toHaveText('Home');
  await expect(title).not.toBeFocused();

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Account' }).click();
  await expect(title).toHaveText('My Account');
  await expect(title).toBeFocused();
  // The next Tab goes on from the top of the page: the menu button beside the title.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeFocused();

  // A page named by its data takes focus once its name is in.
  await page.goBack();
  const promotion = page.getByRole('region', { name: 'Active Promotions' }).getByRole('article').first();
  const name = (await promotion.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await promotion.getByRole('link', { name: 'Track Promo' }).click();
  await expect(title).toHaveText(name);
  await expect(title).toBeFocused();
});
