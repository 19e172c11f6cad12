import type { AccountSearchItem, BranchRollup } from '../types';
import { percentOfTargets } from './branch-rollup.rules';
import { csvNumber } from './csv';
import { PACE_BAND_LABELS, PACE_BANDS } from './rep-progress.rules';

/**
 * The rep's two CSV exports, their columns and records (docs/product-rules.md, 'Needs attention and
 * CSV export'). A module of their own: only "Export CSV" needs them, and it loads them when pressed
 * (remotes/salesrep/src/features/customer-export/csv-export.ts), so no table carries them.
 */

/** The customer export's columns, in order (one record per customer of the current filtered, sorted list). */
export const CUSTOMER_CSV_HEADER = [
  'Global ID',
  'Name',
  'Region',
  'Customer IDs',
  'Registered',
  'Total Spend',
  'Target 1',
  '% Achieved',
  '% Ahead of Pace',
  'Next Target',
  'Still Needed',
  'Needed per Trading Day',
] as const;

/**
 * One customer export record. Money in dollars (2 decimals, ex GST), percentages as numbers (1 decimal), so a
 * spreadsheet can sort and sum them; the needs-attention columns are empty once every target is
 * reached, and the per-day figure once no trading day remains.
 */
export function customerCsvRecord(
  item: AccountSearchItem,
  excessPercent: number | undefined,
): (string | number | null)[] {
  return [
    item.id,
    item.name,
    item.primaryRegion,
    item.customerIds.join(' '),
    item.enrolled ? 'Yes' : 'No',
    csvNumber(item.totalSpend, 2),
    csvNumber(item.firstTarget, 2),
    csvNumber(item.percentageAchieved * 100, 1),
    excessPercent === undefined ? null : csvNumber(excessPercent, 1),
    item.nextTarget ? `Target ${item.nextTarget.targetNumber}` : null,
    item.nextTarget ? csvNumber(item.nextTarget.remaining, 2) : null,
    item.nextTarget?.perTradingDayNeeded == null ? null : csvNumber(item.nextTarget.perTradingDayNeeded, 2),
  ];
}

/** The roll-up export's columns, in order (one record per branch, in the roll-up's order). */
export const BRANCH_ROLLUP_CSV_HEADER = [
  'Branch ID',
  'Branch',
  'Region',
  'Customers',
  'Joined',
  'Total Spend',
  'Targets',
  '% of Targets',
  ...PACE_BANDS.map((band) => PACE_BAND_LABELS[band]),
] as const;

/**
 * One roll-up export record, as the customer export writes its figures: money in dollars (2 decimals, ex
 * GST) and percentages (1 decimal) as numbers, so a spreadsheet can sort and sum them; counts as
 * numbers; the percentage empty when the branch has no targets.
 */
export function branchRollupCsvRecord(rollup: BranchRollup): (string | number | null)[] {
  const percent = percentOfTargets(rollup);
  return [
    rollup.branchID,
    rollup.branchName,
    rollup.region,
    rollup.customers,
    rollup.joined,
    csvNumber(rollup.totalSpend, 2),
    csvNumber(rollup.firstTargetTotal, 2),
    percent === null ? null : csvNumber(percent, 1),
    ...PACE_BANDS.map((band) => rollup.bands[band]),
  ];
}
