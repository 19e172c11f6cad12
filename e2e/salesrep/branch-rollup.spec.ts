import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { PACE_BAND_LABELS, PACE_BANDS } from '@promo/domain/rep/rep-progress.rules';
import type { BranchRollup, PaceBand } from '@promo/domain/types';
import {
  expectNoSeriousAxeViolations,
  REP_PROMOTIONS,
  searchAsRep,
  signInAsFreshRep,
  type RepSelection,
} from '../support/salesrep';

const PROMO = REP_PROMOTIONS.multiTarget;
const rollupTable = (page: Page) => page.getByRole('region', { name: 'Branches' }).getByRole('table');
const branchNames = (page: Page) =>
  rollupTable(page).getByRole('rowheader').getByRole('link').allTextContents();
const rowOf = (page: Page, name: string) =>
  rollupTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
const numberIn = async (locator: Locator) => Number((await locator.innerText()).replace(/[^\d]/g, ''));

/** 'On pace 12, Slipping 3, Behind 4, Not joined 20' (the row's bands in words) as counts. */
function parseBands(text: string): Record<PaceBand, number> {
  return Object.fromEntries(
    PACE_BANDS.map((band) => {
      const match = new RegExp(`${PACE_BAND_LABELS[band]} ([\\d,]+)`).exec(text);
      return [band, Number(match?.[1]?.replaceAll(',', '') ?? Number.NaN)];
    }),
  ) as Record<PaceBand, number>;
}

test.describe('the rep branch roll-up', () => {
  let selection: RepSelection;
  test.beforeEach(async ({ page }) => {
    selection = (await signInAsFreshRep(page, { withSelection: true })).selection!;
  });

  /** What the server rolls up for the rep's selected branches (every customer with targets). */
  const serverRollup = async (page: Page): Promise<BranchRollup[]> =>
    (
      await searchAsRep(page, {
        totalOnly: true,
        summary: 'branches',
        filters: { hasTargetsFor: PROMO, branchID: selection.selectedBranchIds },
      })
    ).summary?.branches ?? [];

  test('lists each selected branch; a branch opens the customer table with the same count and bands', async ({
    page,
  }) => {
    await page.goto(`/salesrep/promotions/${PROMO}`);
    const views = page.getByRole('navigation', { name: 'Promotion views' });
    await expect(views.getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');
    await views.getByRole('link', { name: 'Branches' }).click();
    await expect(views.getByRole('link', { name: 'Branches' })).toHaveAttribute('aria-current', 'page');
    await expect(page).toHaveURL(/[?&]view=branches/);
    await expect(page.getByRole('heading', { name: 'Tier Up Hamper Challenge', level: 1 })).toBeVisible();

    const expected = await serverRollup(page);
    expect(expected).toHaveLength(selection.selectedBranchIds.length);
    await expect.poll(() => branchNames(page)).toEqual(expected.map((branch) => branch.branchName));
    await expectNoSeriousAxeViolations(page);

    // The branch with the most customers: its table has more than a page.
    const busiest = expected.toSorted((a, b) => b.customers - a.customers)[0]!;
    expect(busiest.customers).toBeGreaterThan(10);
    const row = rowOf(page, busiest.branchName);
    const customers = await numberIn(row.getByRole('cell').nth(0));
    expect(customers).toBe(busiest.customers);
    const bands = parseBands(await row.getByRole('cell').last().innerText());
    expect(PACE_BANDS.reduce((sum, band) => sum + bands[band], 0)).toBe(customers);

    await row.getByRole('link', { name: busiest.branchName, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]branch=${busiest.branchID}(&|$)`));
    await expect(page).not.toHaveURL(/view=branches/);
    await expect(page.getByText(`Branch: ${busiest.branchName}`)).toBeVisible();
    await expect(
      page.getByText(`Showing 1–10 of ${customers.toLocaleString('en-NZ')} customers`),
    ).toBeVisible();
    const bandFilter = page.getByRole('group', { name: 'Pace band filter' });
    for (const band of PACE_BANDS) {
      await expect(
        bandFilter.getByRole('button', {
          name: `${PACE_BAND_LABELS[band]} ${bands[band].toLocaleString('en-NZ')}`,
        }),
      ).toBeVisible();
    }
  });

  test('sorts by a column both ways, and exports a CSV record per branch', async ({ page }) => {
    await page.goto(`/salesrep/promotions/${PROMO}?view=branches`);
    const expected = await serverRollup(page);
    await expect.poll(() => branchNames(page)).toEqual(expected.map((branch) => branch.branchName));

    const header = page.getByRole('columnheader', { name: /Customers/ });
    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(page).toHaveURL(/rsort=customers&rdir=desc/);
    const descending = async () =>
      Promise.all(
        (await rollupTable(page).getByRole('row').all())
          .slice(1)
          .map((row) => numberIn(row.getByRole('cell').nth(0))),
      );
    const counts = await descending();
    expect(counts).toEqual(counts.toSorted((a, b) => b - a));
    // The fixture's branches differ in size, so the order says something.
    expect(new Set(counts).size).toBeGreaterThan(1);

    await header.getByRole('button').click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const ascending = await descending();
    expect(ascending).toEqual(counts.toSorted((a, b) => a - b));

    // Back and forward keep the sort: it is in the address.
    await page.reload();
    await expect(page.getByRole('columnheader', { name: /Customers/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await expect(
      page.getByRole('status').filter({ hasText: `Exported ${expected.length} branches.` }),
    ).toBeVisible();
    expect(download.suggestedFilename()).toMatch(/^branches-promo-tierup-hampers-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = (await readFile(await download.path(), 'utf8')).replace(/^\uFEFF/, '');
    const records = text.split('\r\n').filter((line) => line !== '');
    expect(records[0]).toBe(
      'Branch ID,Branch,Region,Customers,Joined,Total Spend,Targets,% of Targets,On pace,Slipping,Behind,Not joined',
    );
    expect(records).toHaveLength(expected.length + 1);
    // In the table's order, with the counts as numbers.
    expect(records.slice(1).map((record) => Number(record.split(',')[3]))).toEqual(ascending);
    expect(
      records
        .slice(1)
        .map((record) => record.split(',')[0])
        .toSorted(),
    ).toEqual(expected.map((branch) => branch.branchID).toSorted());
  });
});
