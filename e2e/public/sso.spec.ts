import { expect, test, type Page } from '@playwright/test';
import { demo, DEMO_PASSWORD, origins } from '../support/demo';

/**
 * "Sign In with SSO" against the local OpenID provider `npm start` runs (scripts/dev/local-sso.ts):
 * the browser goes to the provider's own sign-in page on its own origin and comes back to
 * /auth0/callback, as it would with a company's provider. The dev endpoints play no part.
 */

/** Starts single sign-on from the login screen and waits for the provider's sign-in page. */
async function toProvider(page: Page): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign In with SSO' }).click();
  await expect(page.getByRole('heading', { name: 'Local identity provider' })).toBeVisible();
  expect(new URL(page.url()).origin).not.toBe(origins.shell);
}

async function signInAtProvider(page: Page, email: string): Promise<void> {
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test.describe('single sign-on', () => {
  test("a rep signs in on the provider's page and lands on the rep's home", async ({ page }) => {
    const exchanges: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/session/login')) exchanges.push(request.postDataJSON());
    });
    const devCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v1/dev/')) devCalls.push(request.url());
    });
    await toProvider(page);
    await signInAtProvider(page, demo.rep);
    await expect(page).toHaveURL(/\/salesrep(\/select-branches)?$/);
    expect(exchanges).toEqual([
      expect.objectContaining({ isRepSSO: true, code: expect.any(String), state: expect.any(String) }),
    ]);
    expect(devCalls).toEqual([]);
  });

  test('signing out of a session begun there signs out at the provider too, and back on /login', async ({
    page,
  }) => {
    await toProvider(page);
    await signInAtProvider(page, demo.repNorth);
    await expect(page).toHaveURL(/\/salesrep(\/select-branches)?$/);
    await page.goto('/logout');
    await expect(
      page.getByRole('heading', { name: 'Sign out of the local identity provider?' }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(`${origins.shell}/login`);
    // The provider's session is over too: the next rep on this device is asked for their password.
    await toProvider(page);
    await expect(page.getByLabel('Password')).toBeVisible();
  });

  test("a customer's e-mail gets the Authentication Error with its reason", async ({ page }) => {
    await toProvider(page);
    await signInAtProvider(page, demo.customer);
    const notice = page.getByRole('alert').filter({ hasText: 'Authentication Error' });
    await expect(notice).toContainText(
      `${demo.customer} belongs to a customer. Customers sign in with their e-mail address and password, not single sign-on.`,
    );
    await expect(page).toHaveURL(/\/auth0\/callback\?/);
  });

  test('cancelling at the provider returns its error to the Authentication Error screen', async ({
    page,
  }) => {
    await toProvider(page);
    await page.getByRole('link', { name: 'Cancel' }).click();
    const notice = page.getByRole('alert').filter({ hasText: 'Authentication Error' });
    await expect(notice).toContainText('access_denied');
    await expect(notice).toContainText('The sign-in was cancelled at the identity provider.');
    await notice.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL(`${origins.shell}/login`);
  });
});
