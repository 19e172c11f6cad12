import { expect, test } from '@playwright/test';
import { origins } from '../support/demo';
import { freshCustomer } from '../support/public';

/**
 * A fresh fixture account of its own, so the lock cannot touch another test. Its five failures
 * also count against the run's one client address (server/README.md "Throttling": 50 in 15
 * minutes, at most 5 of any one account), beside the few wrong passwords of sign-in.spec.ts and
 * registration.spec.ts; the two refused attempts count nowhere.
 */
test('after five failed sign-ins the login page says to wait and keeps the email', async ({
  page,
  request,
}) => {
  const customer = await freshCustomer(request);
  // The form is ready before the failures start: the lock lasts a minute from the first one.
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email' }).fill(customer.email);
  await page.getByLabel(/^Password/).fill('Not-the-pass1!');

  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const failed = await request.post('/api/v1/session/login', {
      data: { email: customer.email, password: `Wrong-pass${attempt}!` },
    });
    expect(failed.status(), `attempt ${attempt}`).toBe(400);
  }

  const answer = page.waitForResponse('**/api/v1/session/login');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const refused = await answer;
  expect(refused.status()).toBe(429);
  expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);

  await expect(
    page.getByRole('alert').filter({ hasText: 'Too many sign-in attempts. Try again in 1 minute.' }),
  ).toBeVisible();
  await expect(page).toHaveURL(`${origins.shell}/login`);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(customer.email);
  await expect(page.getByLabel(/^Password/)).toHaveValue('Not-the-pass1!');

  // Locked for the minute, even with the right password; the account, not the address behind it.
  const locked = await request.post('/api/v1/session/login', {
    data: { email: customer.email, password: customer.password },
  });
  expect(locked.status()).toBe(429);
  const colleague = await freshCustomer(request);
  const signedIn = await request.post('/api/v1/session/login', {
    data: { email: colleague.email, password: colleague.password },
  });
  expect(signedIn.status()).toBe(200);
});
