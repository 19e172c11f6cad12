import {
  expect,
  expectNoSeriousAxeViolations,
  FLOW_TIMEOUT_MS,
  signInAsFreshCustomer,
  test,
} from '../support/customer';
import { browserLaunchOptions } from '../../scripts/ci/browser-launch';

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
