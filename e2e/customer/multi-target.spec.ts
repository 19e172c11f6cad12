import { PROMOTIONS, signInAsFreshCustomer, FLOW_TIMEOUT_MS, expect, test } from '../support/customer';

test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

const PROMPT =
  'You have unsaved changes, click "OK" to continue or "Cancel" to return and save your changes by clicking the "Update Selection" button.';

test('in the multi-target promotion an edited reward warns on leaving until Update Selection saves it', async ({
  page,
}) => {
  await signInAsFreshCustomer(page, 'confirmed');
  // Reached in the app, so the browser's back below is an in-app navigation.
  await page.goto('/');
  await page
    .getByRole('link', { name: 'Track Promo' })
    .and(page.locator(`[href$="${PROMOTIONS.multiTarget}"]`))
    .click();
  await expect(page).toHaveURL(new RegExp(`/promotions/${PROMOTIONS.multiTarget}$`));
  const panel = page.getByRole('region', { name: 'Update your Reward' });
  await expect(panel.getByText('You have unlocked Target 1')).toBeVisible();
  await expect(panel.getByRole('radio', { name: 'BBQ Hamper' })).toBeChecked();

  await panel.getByRole('radio', { name: 'Coffee Lovers Hamper' }).check();
  await expect(panel.getByText('You have unsaved changes.')).toBeVisible();

  // In-app navigation (the header's logo link) asks with the exact prompt; Cancel stays. The dialog
  // is answered from its event: window.confirm holds the page, so the click cannot finish before.
  const dialogs: string[] = [];
  page.once('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  await page.getByRole('link', { name: 'Ezy Rewards home' }).click();
  await expect.poll(() => dialogs).toEqual([`confirm: ${PROMPT}`]);
  await expect(page).toHaveURL(new RegExp(`/promotions/${PROMOTIONS.multiTarget}$`));
  await expect(panel.getByRole('radio', { name: 'Coffee Lovers Hamper' })).toBeChecked();

  // The browser's back asks the same; Cancel undoes the back and keeps the edit.
  page.once('dialog', (dialog) => {
    dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  // (history.back() is what the browser's button does; page.goBack() would wait on a navigation
  // that the held back undoes.)
  await page.evaluate(() => window.history.back());
  await expect.poll(() => dialogs).toEqual([`confirm: ${PROMPT}`, `confirm: ${PROMPT}`]);
  await expect(page).toHaveURL(new RegExp(`/promotions/${PROMOTIONS.multiTarget}$`));
  await expect(panel.getByRole('radio', { name: 'Coffee Lovers Hamper' })).toBeChecked();

  // Closing the tab meets the browser's own beforeunload dialog; staying keeps the edit.
  page.once('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => dialogs).toEqual([`confirm: ${PROMPT}`, `confirm: ${PROMPT}`, 'beforeunload']);
  expect(page.isClosed()).toBe(false);
  await expect(panel.getByRole('radio', { name: 'Coffee Lovers Hamper' })).toBeChecked();

  await panel.getByRole('button', { name: 'Update Selection' }).click();
  await expect(page.getByText('Your reward choice has been saved.')).toBeVisible();
  await expect(panel.getByText('You have unsaved changes.')).toHaveCount(0);

  let asked = false;
  page.on('dialog', (unexpected) => {
    asked = true;
    void unexpected.accept();
  });
  await page.getByRole('link', { name: 'Ezy Rewards home' }).click();
  await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  expect(asked).toBe(false);

  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  await expect(
    page
      .getByRole('region', { name: 'Update your Reward' })
      .getByRole('radio', { name: 'Coffee Lovers Hamper' }),
  ).toBeChecked();
});
