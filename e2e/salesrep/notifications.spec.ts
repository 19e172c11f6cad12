import { expect, test } from '@playwright/test';
import { expectNoSeriousAxeViolations, signInAsFreshRep } from '../support/salesrep';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

test("the rep's notification choices at phone size: the digest by e-mail, saved and kept after a reload", async ({
  page,
}) => {
  await signInAsFreshRep(page);
  await page.goto('/salesrep/my-account');
  const section = page.getByRole('region', { name: 'Notifications' });
  const digest = section.getByRole('group', { name: 'Weekly summary of your customers' });
  await expect(digest.getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
  await expect(digest.getByRole('switch', { name: 'Push notification' })).toHaveCount(0);
  const unlocked = section.getByRole('group', { name: 'A customer unlocks a target' });
  await expect(unlocked.getByRole('switch', { name: 'Push notification' })).not.toBeChecked();
  await expect(section.getByRole('group', { name: 'App badge' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await expectNoSeriousAxeViolations(page);

  await digest.getByRole('switch', { name: 'E-mail' }).check();
  await unlocked.getByRole('switch', { name: 'Push notification' }).check();
  await section.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your notification choices have been saved.')).toBeVisible();

  await page.reload();
  await expect(digest.getByRole('switch', { name: 'E-mail' })).toBeChecked();
  await expect(unlocked.getByRole('switch', { name: 'Push notification' })).toBeChecked();
  await expect(unlocked.getByRole('switch', { name: 'E-mail' })).not.toBeChecked();
});
