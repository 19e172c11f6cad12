import { expect, test, type Page } from '@playwright/test';
import { signInWithApi } from '../support/demo';
import { expectEveryFieldLabelled, expectNoSeriousA11yViolations, freshCustomer } from '../support/public';

/** Each public page, in a settled state, with what shows it has rendered. */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: '/login',
    ready: (page) => expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible(),
  },
  {
    path: '/registration',
    ready: (page) => expect(page.getByRole('textbox', { name: 'Customer ID' })).toBeVisible(),
  },
  {
    path: '/register-onboarding',
    ready: (page) => expect(page.getByRole('heading', { name: 'Thanks for registering' })).toBeVisible(),
  },
  {
    path: '/reset-password?hash=not-a-real-hash&email=someone%40example.com',
    ready: (page) => expect(page.getByRole('button', { name: 'Confirm' })).toBeVisible(),
  },
  {
    path: '/verify-email?hash=not-a-real-hash&phash=nor-this&email=someone%40example.com',
    ready: (page) =>
      expect(
        page.getByRole('heading', { name: 'Email Verification failed. Please try again.' }),
      ).toBeVisible(),
  },
  {
    path: '/auth0/callback?error=access_denied&error_description=Cancelled',
    ready: (page) => expect(page.getByRole('heading', { name: 'Authentication Error' })).toBeVisible(),
  },
  {
    path: '/join-now',
    ready: (page) => expect(page.getByRole('textbox', { name: 'Company Name' })).toBeVisible(),
  },
  { path: '/about-us', ready: (page) => expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible() },
  {
    path: '/terms-and-conditions',
    ready: (page) => expect(page.getByRole('heading', { name: /Meat Pack Spend Promotion/ })).toBeVisible(),
  },
  {
    path: '/privacy-policy',
    ready: (page) => expect(page.getByRole('heading', { name: 'What we collect' })).toBeVisible(),
  },
  {
    path: '/spend-progress',
    ready: (page) => expect(page.getByText('Waiting for your spend progress…')).toBeVisible(),
  },
];

for (const { path, ready } of PAGES) {
  test(`${path.split('?')[0] ?? path} passes axe with every field labelled`, async ({ page }) => {
    await page.goto(path);
    await ready(page);
    await expectNoSeriousA11yViolations(page);
    await expectEveryFieldLabelled(page);
  });
}

test('the open Forgot Password dialog passes axe', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgot Password' }).click();
  await expect(page.getByRole('dialog', { name: 'Forgot Password' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectEveryFieldLabelled(page);
});

test('Contact Us (signed in) passes axe with every field labelled', async ({ page, request }) => {
  const customer = await freshCustomer(request);
  await signInWithApi(page, customer.email, customer.password);
  await page.goto('/contact-us');
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectEveryFieldLabelled(page);
});
