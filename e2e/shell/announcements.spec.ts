import { expect, test } from '@playwright/test';
import { demo, signInWithApi } from '../support/demo';

/**
 * A screen reader hears each new page's title after a navigation inside the app, as it hears a new
 * document's (shell/src/layout/route-announcer.tsx).
 */
test('moving between pages says the new page’s title in a live region; the first page is left to the browser', async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();
  const announcer = page.locator('[aria-live="polite"][aria-atomic="true"]');
  await expect(announcer).toHaveText('');

  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'My Account' }).click();
  await expect(page).toHaveTitle('My Account | Ezy Rewards');
  await expect(announcer).toHaveText('My Account');

  // A page named by its data is announced by its name, once the data is in.
  await page.goBack();
  const promotion = page.getByRole('region', { name: 'Active Promotions' }).getByRole('article').first();
  const name = (await promotion.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(name).not.toBe('');
  await promotion.getByRole('link', { name: 'Track Promo' }).click();
  await expect(announcer).toHaveText(name);
});
