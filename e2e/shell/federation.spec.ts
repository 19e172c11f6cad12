import { expect, test } from '@playwright/test';
import { demo, origins, recordRequests, remoteFiles, signInWithForm } from '../support/demo';

/** How many copies of a shared package the page actually loaded, across the shell and every remote. */
async function loadedCopies(page: import('@playwright/test').Page, pkg: string): Promise<number> {
  return page.evaluate((name) => {
    type ShareScope = Record<string, Record<string, Record<string, { loaded?: boolean; lib?: unknown }>>>;
    const federation = (window as unknown as { __FEDERATION__?: { __SHARE__?: Record<string, ShareScope> } })
      .__FEDERATION__;
    const libs = new Set<unknown>();
    for (const instance of Object.values(federation?.__SHARE__ ?? {})) {
      for (const scope of Object.values(instance)) {
        for (const shared of Object.values(scope[name] ?? {})) {
          if (shared.loaded && shared.lib) libs.add(shared.lib);
        }
      }
    }
    return libs.size;
  }, pkg);
}

test('a customer signs in, sees the customer home screen and downloads nothing of the rep remote', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await signInWithForm(page, demo.customer);
  // The toast clears itself after 5 s: look for it first.
  await expect(page.getByText('Successfully login.')).toBeVisible();
  await expect(page).toHaveURL(`${origins.shell}/`);
  await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'New Promotions' })).toBeVisible();

  expect(requests.some((url) => url.startsWith(remoteFiles('customer')))).toBe(true);
  expect(requests.filter((url) => url.startsWith(remoteFiles('salesrep')))).toEqual([]);
  expect(await loadedCopies(page, 'react')).toBe(1);
  expect(await loadedCopies(page, 'react-dom')).toBe(1);
  expect(await loadedCopies(page, '@promo/domain/query')).toBe(1);
  // react-router and TanStack Query are bundled inside their facades (tree-shaken), so one facade
  // is one router context and one QueryClient class.
  expect(await loadedCopies(page, '@promo/ui/router')).toBe(1);
});

test('a rep signs in, lands on /salesrep and downloads nothing of the customer remote', async ({ page }) => {
  const requests = recordRequests(page);
  await signInWithForm(page, demo.rep);
  // A rep with no saved branch selection is sent on to choose branches (docs/product-rules.md, 'Select Branches and My Branches').
  await expect(page).toHaveURL(`${origins.shell}/salesrep/select-branches`);
  await expect(page.getByRole('heading', { name: 'Select Branches', level: 1 })).toBeVisible();

  expect(requests.some((url) => url.startsWith(remoteFiles('salesrep')))).toBe(true);
  expect(requests.filter((url) => url.startsWith(remoteFiles('customer')))).toEqual([]);
  expect(await loadedCopies(page, 'react')).toBe(1);
  expect(await loadedCopies(page, '@promo/domain/query')).toBe(1);
});

test('any 401 sends the browser through /logout to /login', async ({ page }) => {
  await page.route('**/api/v1/account/get**', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: '{"error":"Unauthorized","message":"Signed out"}',
    }),
  );
  const logout = page.waitForRequest('**/api/v1/session/logout');
  await signInWithForm(page, demo.customer);
  await logout;
  await expect(page).toHaveURL(`${origins.shell}/login`);
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
});
