import { expect, test } from '@playwright/test';
import { MOUNTS } from '@promo/domain/paths';
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
