import { expect, test } from '@playwright/test';
import { MOUNTS } from '@promo/domain/paths';
import { DEMO_ACCOUNT_IDS, DEMO_USER_IDS } from '@promo/server/demo-logins';
import { demo, origins, recordRequests, remoteFiles, signInWithApi } from '../support/demo';

test('a customer cannot reach any /salesrep route, nor download the rep remote', async ({ page }) => {
  await signInWithApi(page, demo.customer);
  const requests = recordRequests(page);
  for (const pattern of MOUNTS.salesrep.patterns) {
    const path = pattern.replace(':id', 'PROMO-TierUp-Hampers');
    await page.goto(path);
    await expect(page, `${path} lets a customer in`).toHaveURL(`${origins.shell}/`);
    await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  }
  expect(requests.filter((url) => url.startsWith(remoteFiles('salesrep')))).toEqual([]);
  // The server refuses the rep's calls to a customer too.
  const search = await page.request.post('/api/v1/account/search', { data: {} });
  expect(search.status()).toBe(403);
});

test('a rep limited to regions reads and names only the users and accounts of those regions', async ({
  page,
}) => {
  await signInWithApi(page, demo.repNorth);
  const search = await page.request.post('/api/v1/user/search', { data: { searchText: '', limit: 100 } });
  expect(search.status()).toBe(200);
  const found = (await search.json()) as { items: { email: string; role: string }[]; total: number };
  expect(found.items.filter((user) => user.role === 'rep').map((user) => user.email)).toEqual([
    demo.repNorth,
  ]);
  expect(found.items.map((user) => user.email)).not.toContain(demo.unconfirmed);

  // Another rep, and an account in Waikato, outside the rep's two regions.
  const rep = await page.request.post('/api/v1/user/get', { data: { ids: [DEMO_USER_IDS.rep] } });
  expect(rep.status()).toBe(403);
  expect(((await rep.json()) as { message: string }).message).toBe(
    `User ${DEMO_USER_IDS.rep} is outside your regions.`,
  );
  const contact = await page.request.post('/api/v1/form-submission/submit', {
    data: {
      formConfigurationID: 'contact-us',
      response: { firstname: 'Hemi', email: 'hemi@example.nz', message: 'About this customer' },
      formFields: [],
      accountId: DEMO_ACCOUNT_IDS.unconfirmed,
    },
  });
  expect(contact.status()).toBe(403);
  expect(((await contact.json()) as { message: string }).message).toBe(
    'Account G100002 is outside your regions.',
  );
});
