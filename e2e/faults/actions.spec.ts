import type { Page } from '@playwright/test';
import { TOO_LARGE_MESSAGE } from '@promo/domain/http/http-client';
import { FLOW_TIMEOUT_MS, PROMOTIONS, expect, signInAsFreshCustomer, test } from '../support/customer';
import { demo, signInWithApi, signInWithForm } from '../support/demo';
import {
  OFFLINE_ACTION_MESSAGE,
  expectNoDeadEnd,
  expectSignedOutOnLogin,
  GENERIC_ERROR,
  recordPosts,
} from './fault-support';

test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

interface AccountOnServer {
  enrolledPromotions: { promotionID: string }[];
  promotionUserChoices: Record<string, { selectedReward?: string } | undefined>;
}

/** The account as the server has it now (the page's cookies). */
async function accountOnServer(page: Page, accountId: string): Promise<AccountOnServer> {
  const response = await page.request.get(`/api/v1/account/get?ids=${accountId}`);
  expect(response.ok()).toBe(true);
  const [account] = (await response.json()) as AccountOnServer[];
  return account!;
}

test('joining a promotion when the connection goes: the offline message, the choices kept, nothing joined', async ({
  page,
  context,
}) => {
  const { accountId } = await signInAsFreshCustomer(page, 'confirmed');
  await page.goto(`/promotions/${PROMOTIONS.singleTarget}`);
  await page.getByRole('button', { name: 'Participate' }).click();
  const panel = page.getByRole('region', { name: 'Join this promotion' });
  await panel.getByRole('radio', { name: 'Option 2. BBQ Pack' }).check();
  await panel.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();

  await context.setOffline(true);
  await panel.getByRole('button', { name: 'Accept' }).click();
  await expect(panel.getByRole('alert')).toHaveText(OFFLINE_ACTION_MESSAGE);
  await expect(panel.getByRole('radio', { name: 'Option 2. BBQ Pack' })).toBeChecked();
  await expect(panel.getByRole('checkbox', { name: /accept the terms and conditions/ })).toBeChecked();
  await expectNoDeadEnd(page);

  await context.setOffline(false);
  const account = await accountOnServer(page, accountId);
  expect(account.enrolledPromotions.map((enrolled) => enrolled.promotionID)).not.toContain(
    PROMOTIONS.singleTarget,
  );
});

test('saving a reward choice when the request is cut off: the offline message, the pick kept, nothing saved', async ({
  page,
}) => {
  const { accountId } = await signInAsFreshCustomer(page, 'confirmed');
  await page.goto(`/promotions/${PROMOTIONS.singleTarget}`);
  await page.getByRole('button', { name: 'Participate' }).click();
  const panel = page.getByRole('region', { name: 'Join this promotion' });
  await panel.getByRole('checkbox', { name: /accept the terms and conditions/ }).check();
  await panel.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Joined promotion successfully.')).toBeVisible();
  const reward = page.getByRole('region', { name: 'Your Reward' });
  await expect(reward.getByRole('radio', { name: 'Option 1. Build your Own Pack' })).toBeChecked();

  // The connection drops while the choice is on its way.
  await page.route('**/api/v1/account/promotion/update/choices', (route) => route.abort('connectionreset'));
  await reward.getByRole('radio', { name: 'Option 4. Family Feast Pack' }).check();
  await expect(reward.getByRole('alert')).toContainText(OFFLINE_ACTION_MESSAGE);
  await expect(reward.getByRole('radio', { name: 'Option 4. Family Feast Pack' })).toBeChecked();
  await expectNoDeadEnd(page);
  const account = await accountOnServer(page, accountId);
  expect(account.promotionUserChoices[PROMOTIONS.singleTarget]?.selectedReward).toBe('1:Build your Own Pack');

  // Back online, "Try again" sends the pick that stayed on screen.
  await page.unroute('**/api/v1/account/promotion/update/choices');
  await reward.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('Your reward choice has been saved.')).toBeVisible();
  expect(
    (await accountOnServer(page, accountId)).promotionUserChoices[PROMOTIONS.singleTarget]?.selectedReward,
  ).toBe('1:Family Feast Pack');
});

test('updating multi-target rewards offline: the offline message, the edits kept unsaved, nothing sent', async ({
  page,
  context,
}) => {
  const { accountId } = await signInAsFreshCustomer(page, 'confirmed');
  const before = (await accountOnServer(page, accountId)).promotionUserChoices[PROMOTIONS.multiTarget];
  const posts = recordPosts(page, '/account/promotion/update/choices');
  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  const panel = page.getByRole('region', { name: 'Update your Reward' });
  await panel.getByRole('radio', { name: 'Coffee Lovers Hamper' }).check();
  await expect(panel.getByText('You have unsaved changes.')).toBeVisible();

  await context.setOffline(true);
  await panel.getByRole('button', { name: 'Update Selection' }).click();
  await expect(panel.getByRole('alert')).toHaveText(OFFLINE_ACTION_MESSAGE);
  await expect(panel.getByRole('radio', { name: 'Coffee Lovers Hamper' })).toBeChecked();
  await expect(panel.getByText('You have unsaved changes.')).toBeVisible();
  await expectNoDeadEnd(page);

  await context.setOffline(false);
  expect(posts).toHaveLength(0);
  expect((await accountOnServer(page, accountId)).promotionUserChoices[PROMOTIONS.multiTarget]).toEqual(
    before,
  );
});

test('a contact message of several MB: a clear message, the text kept', async ({ page }) => {
  await signInWithApi(page, demo.customer);
  await page.goto('/contact-us');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Aroha');
  await page.getByRole('textbox', { name: 'Email' }).fill('aroha@example.com');
  const message = `Please add my BNT account. ${'x'.repeat(2 * 1024 * 1024)}`;
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(message);
  const answered = page.waitForResponse((response) =>
    response.url().endsWith('/api/v1/form-submission/submit'),
  );
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await answered).status()).toBe(413);

  await expect(page.getByRole('alert').filter({ hasText: TOO_LARGE_MESSAGE })).toBeVisible();
  await expect(page.getByText(GENERIC_ERROR)).toHaveCount(0);
  expect(await box.evaluate((element) => (element as HTMLTextAreaElement).value.length)).toBe(message.length);
  await expect(page.getByRole('button', { name: 'Submit' })).toBeEnabled();
  await expect(page).toHaveURL(/\/contact-us$/);
});

test('signing out when the offline store and Cache Storage refuse to clear still ends on /login, signed out', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('console', (entry) => {
    if (entry.type() === 'error') errors.push(entry.text());
  });
  await page.addInitScript(() => {
    IDBObjectStore.prototype.clear = () => {
      throw new DOMException('Refused for the test.', 'UnknownError');
    };
    Object.defineProperty(CacheStorage.prototype, 'keys', {
      value: () => Promise.reject(new DOMException('Refused for the test.', 'SecurityError')),
    });
  });
  await signInWithForm(page, demo.customer);
  await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  // The server's sign-out fails as well.
  await page.route('**/api/v1/session/logout', (route) =>
    route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
  );
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
  await expectSignedOutOnLogin(page);
  expect(errors.some((text) => text.includes('Logout failed on the server'))).toBe(true);
  expect(errors.some((text) => text.includes('Cache Storage could not be cleared'))).toBe(true);
});
