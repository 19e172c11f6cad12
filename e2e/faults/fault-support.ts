import { expect, type Page, type Request } from '@playwright/test';

/** The generic error page's text: no fault with a known way out may end there. */
export const GENERIC_ERROR = 'Sorry, an unexpected error has occurred.';

/** The message every action gives when it could not reach the server (docs/product-rules.md). */
export const OFFLINE_ACTION_MESSAGE =
  "You're offline. Nothing has been sent; what you entered is still here. Try again when you're back online.";

/** Matches a request to one API path (any query string), e.g. apiCall('/user/get'). */
export const apiCall =
  (path: string) =>
  (url: URL): boolean =>
    url.pathname === `/api/v1${path}`;

/** The page shows something a person can act on: not blank, not the generic error page. */
export async function expectNoDeadEnd(page: Page): Promise<void> {
  await expect(page.getByText(GENERIC_ERROR)).toHaveCount(0);
  await expect(page.locator('#root')).not.toBeEmpty();
  await expect(page.locator('#root')).not.toHaveText(/^\s*$/);
}

/** The page ends on /login, signed out, with the sign-in form. */
export async function expectSignedOutOnLogin(page: Page): Promise<void> {
  // Signing out may wait for the server (SERVER_SIGN_OUT_WAIT_MS, 5 s) and then for the local
  // clean-up (LOCAL_CLEAR_WAIT_MS, 3 s) before it goes on to /login (shell/src/session/sign-out.ts).
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expectNoDeadEnd(page);
}

/** The shell around the content still works: the menu opens and offers its links. */
export async function expectMenuWorks(page: Page, link: string): Promise<void> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: link })).toBeVisible();
  await menu.getByRole('button', { name: 'Close menu' }).click();
}

/** Records the POSTs the page sent to an API path that reached the network. */
export function recordPosts(page: Page, path: string): Request[] {
  const posts: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/v1${path}`)
      posts.push(request);
  });
  return posts;
}
