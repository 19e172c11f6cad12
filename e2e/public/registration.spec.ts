import { expect, test } from '@playwright/test';
import { origins, recordRequests } from '../support/demo';
import { emailLink, freshCustomer } from '../support/public';

test('registration → onboarding → verify link → Confirm enabled → signed in at /', async ({
  page,
  request,
}) => {
  const { accountId } = await freshCustomer(request);
  const email = `New.Customer.${Date.now()}@Example.test`;
  await page.goto('/register');
  const submit = page.getByRole('button', { name: 'Submit' });
  await page.getByRole('textbox', { name: 'First Name' }).fill('Mere');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Parata');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await expect(submit).toBeDisabled();
  await page.getByRole('textbox', { name: 'Customer ID' }).fill(accountId.toLowerCase());
  await expect(submit).toBeEnabled();

  const signup = page.waitForRequest('**/api/v1/user/signup');
  await submit.click();
  expect((await signup).postDataJSON()).toEqual({
    firstname: 'Mere',
    surname: 'Parata',
    email: email.toLowerCase(),
    customerID: accountId,
  });
  await expect(page.getByText('User register successfully.')).toBeVisible();
  await expect(page).toHaveURL(`${origins.shell}/register-onboarding`);
  await expect(page.getByText(/check your email, including your junk or spam folder/)).toBeVisible();

  const link = await emailLink(request, email.toLowerCase(), /Verify your email/);
  expect(link).toMatch(/^\/verify-email\?/);
  const verification = page.waitForResponse('**/api/v1/user/verify/email');
  await page.goto(link);
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await page.getByLabel(/^Password/).fill('First-pass3$');
  await page.getByLabel(/^Confirm Password/).fill('First-pass3$');
  expect((await verification).ok()).toBe(true);
  await expect(page.getByText('Your email address is verified. Choose your password.')).toBeVisible();
  await expect(page.getByLabel(/^Password/)).toHaveAccessibleDescription(/at least one capital alpha/);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(`${origins.shell}/`);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(
    page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }),
  ).toBeVisible();
});

test('a set-password link with a missing query parameter redirects to / (and a visitor on to /login)', async ({
  page,
}) => {
  const requests = recordRequests(page);
  for (const path of [
    '/reset-password',
    '/reset-password?hash=abc',
    '/reset-password?email=a%40b.co',
    '/verify-email?hash=abc&email=a%40b.co',
    '/verify-email?phash=abc&email=a%40b.co',
    '/verify-email?hash=abc&phash=def',
  ]) {
    await test.step(path, async () => {
      await page.goto(path);
      // / is for signed-in customers, so the shell sends a visitor on to /login.
      await expect(page).toHaveURL(`${origins.shell}/login`);
      await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Confirm' })).toHaveCount(0);
    });
  }
  expect(requests.filter((url) => url.includes('/user/verify/email'))).toEqual([]);
});
