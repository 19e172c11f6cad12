import { expect, test } from '@playwright/test';
import { origins, recordRequests } from '../support/demo';
import { emailLink, freshCustomer, invite, outboxFor } from '../support/public';

test('registration → onboarding → verify link → Confirm enabled → signed in at /', async ({
  page,
  request,
}) => {
  const { accountId } = await freshCustomer(request);
  const email = `New.Customer.${Date.now()}@Example.test`;
  await invite(request, accountId, email);
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

test('an address not invited for the account sees the same success, gets no e-mail and no account', async ({
  page,
  request,
}) => {
  const { accountId } = await freshCustomer(request);
  const email = `eve.${Date.now()}@attacker.test`;
  const signup = page.waitForResponse('**/api/v1/user/signup');
  await page.goto('/register');
  await page.getByRole('textbox', { name: 'First Name' }).fill('Eve');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Mallory');
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Customer ID' }).fill(accountId);
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await signup).status()).toBe(200);
  await expect(page.getByText('User register successfully.')).toBeVisible();
  await expect(page).toHaveURL(`${origins.shell}/register-onboarding`);

  expect(await outboxFor(request, email)).toEqual([]);
  const login = await request.post('/api/v1/session/login', { data: { email, password: 'Any-pass1!' } });
  expect(login.status()).toBe(400);
});

test("the invitation e-mail's link opens the form filled in; the invitee ends in that account", async ({
  page,
  request,
}) => {
  const { accountId } = await freshCustomer(request);
  const email = `invitee.${Date.now()}@example.test`;
  await invite(request, accountId, email);
  const link = await emailLink(request, email, /invited to Ezy Rewards/);
  await page.goto(link);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
  await expect(page.getByRole('textbox', { name: 'Customer ID' })).toHaveValue(accountId);
  await page.getByRole('textbox', { name: 'First Name' }).fill('Tui');
  await page.getByRole('textbox', { name: 'Surname' }).fill('Invitee');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect(page).toHaveURL(`${origins.shell}/register-onboarding`);

  await page.goto(await emailLink(request, email, /Verify your email/));
  await page.getByLabel(/^Password/).fill('Invitee-pass4$');
  await page.getByLabel(/^Confirm Password/).fill('Invitee-pass4$');
  const confirm = page.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(page).toHaveURL(`${origins.shell}/`);
  const accounts = await page.request.get(`/api/v1/account/get?ids=${accountId}`);
  expect(accounts.ok()).toBe(true);
  const other = await page.request.get('/api/v1/account/get?ids=G100001');
  expect(other.status()).toBe(403);
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
