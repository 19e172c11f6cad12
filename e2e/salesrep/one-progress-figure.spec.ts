import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNT_IDS } from '@promo/server/demo-logins';
import { demo, origins, signInWithApi } from '../support/demo';
import { REP_PROMOTIONS, signInAsFreshRep } from '../support/salesrep';

/**
 * The customer and the rep see one progress figure under one wording (docs/product-rules.md,
 * "Percent achieved"): the demo customer's tracking ring and the same customer's row in the rep's
 * table give the same percent of the same target.
 */
test("the rep's table gives the demo customer's progress as the customer's own ring does", async ({
  page: customer,
  browser,
}) => {
  await signInWithApi(customer, demo.customer);
  await customer.goto(`/promotions/${REP_PROMOTIONS.multiTarget}`);
  const ring = customer.getByRole('img', { name: /^\d+% (of Target \d|Target \d achieved)$/ });
  await expect(ring).toBeVisible();
  const [, percent, caption] = /^(\d+%) (.+)$/.exec((await ring.getAttribute('aria-label')) ?? '') ?? [];
  // Past Target 1 and short of Target 2: the ring says so, not "achieved".
  expect(caption).toBe('of Target 2');

  // A rep on a tablet, in a browser of their own.
  const repContext = await browser.newContext({
    baseURL: origins.shell,
    viewport: { width: 820, height: 1180 },
  });
  const rep = await repContext.newPage();
  await signInAsFreshRep(rep, { withSelection: true });
  await rep.goto(`/salesrep/promotions/${REP_PROMOTIONS.multiTarget}`);
  await rep.getByLabel('Search Global ID, Name or Customer ID').fill(DEMO_ACCOUNT_IDS.customer);
  const row = rep.getByRole('row').filter({ hasText: DEMO_ACCOUNT_IDS.customer });
  await expect(row).toHaveCount(1);
  await expect(row.getByText(percent!, { exact: true })).toBeVisible();
  await expect(row.getByText(caption!, { exact: true })).toBeVisible();
  await repContext.close();
});
