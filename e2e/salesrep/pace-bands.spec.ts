import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { PACE_BAND_LABELS, PACE_BANDS } from '@promo/domain/rep/rep-progress.rules';
import type { PaceBand } from '@promo/domain/types';
import {
  expectNoSeriousAxeViolations,
  REP_PROMOTIONS,
  searchAsRep,
  signInAsFreshRep,
  type RepSelection,
} from '../support/salesrep';

const PROMO = REP_PROMOTIONS.multiTarget;
const bandButton = (page: Page, band: PaceBand) =>
  page
    .getByRole('group', { name: 'Pace band filter' })
    .getByRole('button', { name: new RegExp(`^${PACE_BAND_LABELS[band]} [\\d,]+$`) });
const countOf = async (page: Page, band: PaceBand) =>
  Number((await bandButton(page, band).locator('strong').textContent())?.replace(/,/g, ''));
const shown = (total: number) =>
  `Showing 1–${Math.min(10, total)} of ${total.toLocaleString('en-NZ')} ${total === 1 ? 'customer' : 'customers'}`;

test.describe('the rep’s pace bands', () => {
  let selection: RepSelection;
  test.beforeEach(async ({ page }) => {
    selection = (await signInAsFreshRep(page, { withSelection: true })).selection!;
  });

  test('count the table’s customers per band, adding up to its total, as the server classifies them', async ({
    page,
  }) => {
    await page.goto(`/salesrep/promotions/${PROMO}`);
    await expect(page.getByRole('heading', { name: 'Customers by pace' })).toBeVisible();
    const all = await searchAsRep(page, {
      totalOnly: true,
      filters: { hasTargetsFor: PROMO, branchID: selection.selectedBranchIds },
    });
    await expect(page.getByText(shown(all.total))).toBeVisible();
    const counts = await Promise.all(PACE_BANDS.map((band) => countOf(page, band)));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(all.total);
    // The demo data has customers in every band, so each count is tested against something.
    for (const [index, band] of PACE_BANDS.entries()) {
      const inBand = await searchAsRep(page, {
        totalOnly: true,
        filters: { hasTargetsFor: PROMO, branchID: selection.selectedBranchIds, band },
      });
      expect(inBand.total).toBeGreaterThan(0);
      expect(counts[index], band).toBe(inBand.total);
    }
    await expectNoSeriousAxeViolations(page);
  });

  test('“Behind” shows only red-bar rows, exports only them, and is kept after a reload', async ({
    page,
  }) => {
    await page.goto(`/salesrep/promotions/${PROMO}`);
    await bandButton(page, 'behind').click();
    await expect(bandButton(page, 'behind')).toHaveAttribute('aria-pressed', 'true');
    const behind = await searchAsRep(page, {
      filters: { hasTargetsFor: PROMO, branchID: selection.selectedBranchIds, band: 'behind' },
      sort: [{ key: 'percentage', direction: 'desc' }],
      limit: 100,
    });
    expect(behind.total).toBeGreaterThan(10);
    await expect(page.getByText(shown(behind.total))).toBeVisible();
    const rows = page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.locator('[data-colour]') });
    await expect(rows).toHaveCount(10);
    expect(
      await rows
        .locator('[data-colour]')
        .evaluateAll((bars) => bars.map((bar) => bar.getAttribute('data-colour'))),
    ).toEqual(Array(10).fill('red'));
    await expectNoSeriousAxeViolations(page);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    await expect(page.getByText(`Exported ${behind.total.toLocaleString('en-NZ')} customers.`)).toBeVisible();
    expect(download.suggestedFilename()).toMatch(
      /^customers-promo-tierup-hampers-behind-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const records = (await readFile(await download.path(), 'utf8'))
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter((line) => line !== '');
    expect(records).toHaveLength(behind.total + 1);
    const header = records[0]!.split(',');
    const ahead = header.indexOf('% Ahead of Pace');
    // Names are quoted where they hold commas; the figures after them are not.
    const aheadOfPace = records.slice(1).map((record) => Number(record.split(',').at(ahead - header.length)));
    expect(aheadOfPace.every((value) => value < -10)).toBe(true);
    expect(records.slice(1, 101).map((record) => record.split(',')[0])).toEqual(
      behind.items.map((item) => item.id),
    );

    await page.reload();
    await expect(bandButton(page, 'behind')).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByText(shown(behind.total))).toBeVisible();
    await bandButton(page, 'behind').click();
    await expect(bandButton(page, 'behind')).toHaveAttribute('aria-pressed', 'false');
    const all = await searchAsRep(page, {
      totalOnly: true,
      filters: { hasTargetsFor: PROMO, branchID: selection.selectedBranchIds },
    });
    await expect(page.getByText(shown(all.total))).toBeVisible();
  });
});
