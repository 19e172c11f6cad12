import { expect, test, type Page } from '@playwright/test';
import { PROMOTIONS } from '../support/customer';
import { demo, origins, signInWithApi } from '../support/demo';
import { REP_PROMOTIONS, searchAsRep, signInAsFreshRep } from '../support/salesrep';

/**
 * The shell's documents preload the registry and the session check (Link headers,
 * scripts/deploy/security-headers.ts) with the mode and credentials of the entry's own fetches: the
 * browser uses each preload, so each is asked for once, and the page still starts.
 */
const firstRequests = /\/registry\.json$|\/api\/v1\/session\/get$/;

/** The paths of the page's requests whose path matches, in the order asked, from now on. */
function pathsAsked(page: Page, path: RegExp): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (path.test(pathname)) asked.push(pathname);
  });
  return asked;
}

test('/login asks for the registry and the session once each, from the document’s preloads', async ({
  page,
}) => {
  const asked = pathsAsked(page, firstRequests);
  const response = await page.goto(`${origins.shell}/login`);
  expect(response?.headers().link).toContain('rel=preload; as=fetch');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  expect(asked.sort()).toEqual(['/api/v1/session/get', '/registry.json']);
});

test("the dashboard asks for its promotions and account once each: the route preload's answers serve the page", async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  const asked = pathsAsked(page, /\/api\/v1\/(promotion|account)\/get$/);
  await page.goto(`${origins.shell}/`);
  await expect(page.getByRole('heading', { name: /^Active Promotions/ })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(asked.sort()).toEqual(['/api/v1/account/get', '/api/v1/promotion/get']);
});

test("the tracking view asks for its promotion, the account and the division details once each: the route preload's answers serve the page", async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  const asked = pathsAsked(page, /\/api\/v1\/(promotion|account|configuration)\/get$/);
  await page.goto(`${origins.shell}/promotions/${PROMOTIONS.multiTarget}`);
  const tiles = page.getByRole('region', { name: 'Spend by partner' });
  // The tiles' logos come from the division details (decorative images, without a role).
  await expect(tiles.locator('img')).toHaveCount(7);
  await page.waitForLoadState('networkidle');
  expect(asked.sort()).toEqual(['/api/v1/account/get', '/api/v1/configuration/get', '/api/v1/promotion/get']);
});

test("a link to a rep's view of a customer asks for their account once, and not for the table's branches: the route preload's answer serves the view", async ({
  page,
}) => {
  await signInAsFreshRep(page, { withSelection: true });
  const customer = (
    await searchAsRep(page, { filters: { hasTargetsFor: REP_PROMOTIONS.multiTarget }, limit: 1 })
  ).items[0]!;
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (/\/api\/v1\/(account\/get|configuration\/get|audit\/log)$/.test(pathname))
      asked.push(pathname + search);
  });
  await page.goto(
    `${origins.shell}/salesrep/promotions/${REP_PROMOTIONS.multiTarget}?customer=${customer.id}`,
  );
  await expect(page.getByRole('heading', { name: customer.name, level: 2 })).toBeVisible();
  // The view's audit record is written once it has painted.
  await expect.poll(() => asked.filter((request) => request.endsWith('/audit/log'))).toHaveLength(1);
  await page.waitForLoadState('networkidle');
  expect(asked.sort()).toEqual([`/api/v1/account/get?ids=${customer.id}`, '/api/v1/audit/log']);
});
