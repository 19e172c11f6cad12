import {
  expect,
  expectNoSeriousAxeViolations,
  FLOW_TIMEOUT_MS,
  PROMOTIONS,
  signInAsFreshCustomer,
  test,
} from '../support/customer';
import type { Account } from '@promo/domain/types';
import { browserLaunchOptions } from '../../scripts/browser-launch';

test.describe.configure({ timeout: FLOW_TIMEOUT_MS });
test.use({
  viewport: { width: 390, height: 844 },
  hasTouch: true,
  // The full Chromium: the headless shell reports notifications as denied whatever is granted.
  launchOptions: browserLaunchOptions(),
});

test("the customer's notification choices at phone size: all off, saved, kept after a reload", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await signInAsFreshCustomer(page, 'confirmed');
  await page.goto('/my-account');
  const section = page.getByRole('region', { name: 'Notifications' });
  const unlocked = section.getByRole('group', { name: 'You unlock a target' });
  await expect(unlocked.getByRole('switch', { name: 'Push notification' })).not.toBeChecked();
  for (const kind of ['A target is within reach', 'Reward choices close soon', 'A promotion ends soon']) {
    for (const channel of ['Push notification', 'E-mail'])
      await expect(
        section.getByRole('group', { name: kind }).getByRole('switch', { name: channel }),
      ).not.toBeChecked();
  }
  const badge = section.getByRole('group', { name: 'App badge' }).getByRole('switch');
  await expect(badge).not.toBeChecked();
  // Chromium, allowed: push is offered, from the button only.
  await expect(section.getByRole('button', { name: 'Turn on notifications on this device' })).toBeVisible();
  // Nothing sticks out of a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(page);

  // By keyboard: Space toggles a switch, as it does a checkbox.
  await unlocked.getByRole('switch', { name: 'Push notification' }).focus();
  await page.keyboard.press('Space');
  await section
    .getByRole('group', { name: 'Reward choices close soon' })
    .getByRole('switch', { name: 'E-mail' })
    .check();
  await badge.check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your notification choices have been saved.')).toBeVisible();

  await page.reload();
  await expect(unlocked.getByRole('switch', { name: 'Push notification' })).toBeChecked();
  await expect(unlocked.getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
  await expect(
    section.getByRole('group', { name: 'Reward choices close soon' }).getByRole('switch', { name: 'E-mail' }),
  ).toBeChecked();
  await expect(badge).toBeChecked();
});

test('offline, a save is refused with the reason and the choices stay on screen', async ({
  page,
  context,
}) => {
  await signInAsFreshCustomer(page, 'confirmed');
  await page.goto('/my-account');
  const push = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('group', { name: 'A target is within reach' })
    .getByRole('switch', { name: 'Push notification' });
  await push.check();
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(
    page.getByText("You're offline. Nothing has been sent; what you entered is still here."),
  ).toBeVisible();
  await expect(push).toBeChecked();
  await context.setOffline(false);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your notification choices have been saved.')).toBeVisible();
});

/** Each NZ trading day of demo spend the server adds, until this account has a target unlocked with no reward chosen. */
async function tradeUntilUnlockedWithoutChoice(
  page: import('@playwright/test').Page,
  accountId: string,
): Promise<number> {
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
