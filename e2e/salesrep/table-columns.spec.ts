import { expect, test, type Page } from '@playwright/test';
import type { AccountSearchRequest, AccountSearchResponse } from '@promo/domain/types';
import { REP_PROMOTIONS, signInAsFreshRep } from '../support/salesrep';

const PROMO = REP_PROMOTIONS.multiTarget;

/** Each column header's left edge and width, in CSS pixels. */
const columnEdges = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('columnheader')
    .evaluateAll((headers) =>
      headers.map((header) => {
        const box = header.getBoundingClientRect();
        return { left: box.left, width: box.width };
      }),
    );

test('rows with wider figures move no column of the rep customer table', async ({ page }) => {
  await signInAsFreshRep(page, { withSelection: true });
  // The first page's figures are made narrow and every later page's wide (a spend past a million,
  // a long name): the rows differ as much as fresh figures can. The page is told by the request's
  // offset, as the pace bands' counts are searches too.
  await page.route('**/api/v1/account/search', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as AccountSearchResponse;
    const wide = ((route.request().postDataJSON() as AccountSearchRequest).offset ?? 0) > 0;
    const items = body.items.map((item) => ({
      ...item,
      name: wide ? `${item.name} Automotive Parts & Accessories Limited` : item.name.slice(0, 4),
      totalSpend: wide ? 1_234_567.89 : 5,
    }));
    await route.fulfill({ response, json: { ...body, items } });
  });
  await page.goto(`/salesrep/promotions/${PROMO}`);
  const total = page.getByRole('table').getByRole('cell').filter({ hasText: '$5.00' });
  await expect(total.first()).toBeVisible();
  const before = await columnEdges(page);
  expect(before.length).toBeGreaterThanOrEqual(4);

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('table').getByText('$1,234,567.89').first()).toBeVisible();
  const after = await columnEdges(page);
  expect(after).toHaveLength(before.length);
  after.forEach((column, index) => {
    expect(column.left).toBeCloseTo(before[index]!.left, 1);
    expect(column.width).toBeCloseTo(before[index]!.width, 1);
  });
});
