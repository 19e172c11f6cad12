import { expect, test } from '@playwright/test';
import { origins } from '../support/demo';
import { emailLink, freshCustomer, freshRep } from '../support/public';

const emailField = (page: import('@playwright/test').Page) => page.getByRole('textbox', { name: 'Email' });
const passwordField = (page: import('@playwright/test').Page) => page.getByLabel(/^Password/);

test.describe('sign in', () => {
  test("a customer signs in: 'Successfully login.' and /", async ({ page, request }) => {
    const customer = await freshCustomer(request);
    await page.goto('/login');
    await emailField(page).fill(customer.email);
    await passwordField(page).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByText('Successfully login.')).toBeVisible();
    await expect(page).toHaveURL(`${origins.shell}/`);
  });

  test('the sign-in message lets a tap through to what lies under it, bar its own dismiss button', async ({
    page,
    request,
  }) => {
    // A rep's tablet: the message sits over the top of the page they land on for 5 s.
    await page.setViewportSize({ width: 820, height: 1180 });
    const rep = await freshRep(request);
    await page.goto('/login');
    await emailField(page).fill(rep.email);
    await passwordField(page).fill(rep.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    const message = page.getByText('Successfully login.');
    await expect(message).toBeVisible();
    const box = (await message.boundingBox())!;
    const hit = await message.evaluate(
      (text, { x, y }) => {
        const target = document.elementFromPoint(x, y);
        return { outsideMessage: !text.parentElement?.contains(target), tag: target?.tagName };
      },
      { x: box.x + box.width / 2, y: box.y + box.height / 2 },
    );
    expect(hit.outsideMessage, `the tap reached ${hit.tag}`).toBe(true);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await expect(message).toHaveCount(0);
  });

  test("a wrong password shows the server's text and keeps what was typed", async ({ page, request }) => {
    const customer = await freshCustomer(request);
    await page.goto('/login');
    await emailField(page).fill(customer.email);
    await passwordField(page).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('alert').getByText('Invalid email or password.')).toBeVisible();
    await expect(page).toHaveURL(`${origins.shell}/login`);
    await expect(emailField(page)).toHaveValue(customer.email);
    await expect(passwordField(page)).toHaveValue('not-the-password');
  });
});

test('forgot password: the e-mailed link sets a new password and signs the customer in at /', async ({
  page,
  request,
}) => {
  const customer = await freshCustomer(request);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Forgot Password' });
  const submit = dialog.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();
  await dialog.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await submit.click();
  await expect(
    dialog.getByText(
      'If the provided email address is associated with an account, a password reset link has been sent.',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Back to Login' }).click();
  await expect(dialog).toBeHidden();

  const link = await emailLink(request, customer.email, /Reset your Ezy Rewards password/);
  expect(link).toMatch(/^\/reset-password\?/);
  await page.goto(link);
  const password = page.getByLabel(/^Password/);
  await expect(password).toHaveAccessibleDescription(
    'Password must be at least 8 characters long and contain at least one alpha, one numeric and one non-alphanumeric character.',
  );
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await password.fill('Fresh-pass2#');
  await page.getByLabel(/^Confirm Password/).fill('Fresh-pass2');
  await expect(confirm).toBeDisabled();
  await page.getByLabel(/^Confirm Password/).fill('Fresh-pass2#');
  await confirm.click();
  await expect(page.getByText('Password reset successfully.')).toBeVisible();
  await expect(page).toHaveURL(`${origins.shell}/`);

  // Signed in with the new password: the menu offers Logout.
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }),
  ).toBeVisible();
  const oldPassword = await request.post('/api/v1/session/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(oldPassword.status()).toBe(400);
});
