import type { Page } from '@playwright/test';
import type { Account } from '@promo/domain/types';
import { expect, FLOW_TIMEOUT_MS, PROMOTIONS, signInAsFreshCustomer, test } from '../support/customer';

/**
 * The app badge following the reward choice. It needs a target unlocked with no reward chosen, which
 * only more spend gives: POST /dev/trading-day adds it to every demo account, the demo customer's
 * too, so this file runs in a project of its own after every other test (e2e/playwright.config.ts).
 */
test.describe.configure({ timeout: FLOW_TIMEOUT_MS });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

/** Each NZ trading day of demo spend the server adds, until this account has a target unlocked with no reward chosen. */
async function tradeUntilUnlockedWithoutChoice(page: Page, accountId: string): Promise<number> {
  for (let day = 0; day < 60; day += 1) {
    const [account] = (await (
      await page.request.get(`/api/v1/account/get?ids=${accountId}`)
    ).json()) as Account[];
    const id = PROMOTIONS.multiTarget;
    const spend = account?.progressDetails[id]?.totalSpend ?? 0;
    const chosen = account?.promotionUserChoices[id]?.selectedReward ?? '';
    const unlocked = (account?.targetDetails[id] ?? []).filter((target) => spend >= target.amount);
    const waiting = unlocked.filter(
      (target) => !chosen.split(',').some((pair) => pair.startsWith(`${target.targetNumber}:`)),
    );
    if (waiting.length > 0) return waiting[0]!.targetNumber;
    const response = await page.request.post('/api/v1/dev/trading-day', { data: {} });
    expect(response.ok(), await response.text()).toBe(true);
  }
  throw new Error('No target was unlocked in 60 trading days');
}

test('the app badge counts the rewards waiting to be chosen, and drops when one is chosen', async ({
  page,
}) => {
  // The one stand-in: the Badging API, recorded (a browser without an installed app shows no badge).
  await page.addInitScript(() => {
    const record = (value: number) => {
      const calls = JSON.parse(sessionStorage.getItem('badge-calls') ?? '[]') as number[];
      sessionStorage.setItem('badge-calls', JSON.stringify([...calls, value]));
      return Promise.resolve();
    };
    Object.assign(navigator, { setAppBadge: (n: number) => record(n), clearAppBadge: () => record(0) });
  });
  const badgeCalls = () =>
    page.evaluate(() => JSON.parse(sessionStorage.getItem('badge-calls') ?? '[]') as number[]);

  const { accountId } = await signInAsFreshCustomer(page, 'confirmed');
  const target = await tradeUntilUnlockedWithoutChoice(page, accountId);

  await page.goto('/my-account');
  const badge = page.getByRole('group', { name: 'App badge' }).getByRole('switch');
  await badge.check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your notification choices have been saved.')).toBeVisible();

  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  await expect.poll(() => badgeCalls().then((calls) => calls.at(-1))).toBe(1);

  const panel = page.getByRole('region', { name: 'Update your Reward' });
  await panel.getByRole('tab', { name: `Target ${target}` }).click();
  await panel.getByRole('radio', { name: 'Gourmet Hamper' }).check();
  await panel.getByRole('button', { name: 'Update Selection' }).click();
  await expect(page.getByText('Your reward choice has been saved.')).toBeVisible();
  await expect.poll(() => badgeCalls().then((calls) => calls.at(-1))).toBe(0);

  // Turned off, the badge is cleared at once and not set again.
  await page.goto('/my-account');
  await badge.uncheck();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your notification choices have been saved.')).toBeVisible();
  await expect.poll(badgeCalls).toEqual([1, 0, 0]);
  const choiceRead = page.waitForResponse((response) =>
    response.url().endsWith('/notifications/preferences'),
  );
  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  await expect(page.getByRole('region', { name: 'Update your Reward' })).toBeVisible();
  await choiceRead;
  await expect.poll(badgeCalls).toEqual([1, 0, 0, 0]);
});
