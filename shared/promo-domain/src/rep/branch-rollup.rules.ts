import type { BranchRollup, SortDirection } from '../types';
import { compareNames } from '@promo/domain/format/name-order';
import { parseCustomerListParams, withCustomerListParams } from '@promo/domain/rep/customer-list.rules';

/**
 * The rep's branch roll-up (docs/product-rules.md, 'Branch roll-up'): each selected branch with its
 * customers for the promotion, how many joined, their spend against their first targets, and their
 * pace bands. The server adds the figures up (summary 'branches'); these rules order, link and
 * export them.
 */

export type BranchRollupSortKey =
  'branch' | 'customers' | 'joined' | 'totalSpend' | 'firstTargetTotal' | 'percentOfTargets';

export interface BranchRollupSort {
  key: BranchRollupSortKey;
  direction: SortDirection;
}

/** The server's order: region, then branch name, as the branch picker lists them. */
export const DEFAULT_BRANCH_ROLLUP_SORT: BranchRollupSort = { key: 'branch', direction: 'asc' };

const ROLLUP_SORT_KEYS: readonly BranchRollupSortKey[] = [
  'branch',
  'customers',
  'joined',
  'totalSpend',
  'firstTargetTotal',
  'percentOfTargets',
];

/**
 * Clicking the sorted column's header turns its direction; another header sorts by it, names A to Z
 * and figures largest first (the branch that matters most on top).
 */
export function toggleBranchRollupSort(
  current: BranchRollupSort,
  key: BranchRollupSortKey,
): BranchRollupSort {
  if (current.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: key === 'branch' ? 'asc' : 'desc' };
}

/**
 * Total spend as a percentage of the summed first targets; null when the branch's customers have no
 * first target between them (nothing to measure against, which is not 0 %).
 */
export function percentOfTargets(
  rollup: Pick<BranchRollup, 'totalSpend' | 'firstTargetTotal'>,
): number | null {
  return rollup.firstTargetTotal > 0 ? (rollup.totalSpend / rollup.firstTargetTotal) * 100 : null;
}

const compareText = (a: string, b: string) => compareNames(a, b, 'base');
const byRegionThenName = (a: BranchRollup, b: BranchRollup) =>
  compareText(a.region, b.region) ||
  compareText(a.branchName, b.branchName) ||
  compareText(a.branchID, b.branchID);

/**
 * The roll-up in the chosen order. Equal figures fall back to region then name, so the order never
 * depends on the server's; a branch without targets has no percentage and comes last either way.
 */
export function sortBranchRollups(rollups: readonly BranchRollup[], sort: BranchRollupSort): BranchRollup[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return rollups.toSorted((a, b) => {
    if (sort.key === 'branch') return sign * byRegionThenName(a, b);
    if (sort.key === 'percentOfTargets') {
      const pa = percentOfTargets(a);
      const pb = percentOfTargets(b);
      if (pa === null || pb === null)
        return (pa === null ? 1 : 0) - (pb === null ? 1 : 0) || byRegionThenName(a, b);
      return sign * (pa - pb) || byRegionThenName(a, b);
    }
    return sign * (a[sort.key] - b[sort.key]) || byRegionThenName(a, b);
  });
}

/**
 * The roll-up's sort lives in the address as rsort and rdir, beside the customer table's own sort
 * and dir, so back and forward keep both. Anything unrecognised falls back to the default.
 */
export function parseBranchRollupSort(params: URLSearchParams): BranchRollupSort {
  const key = params.get('rsort') as BranchRollupSortKey | null;
  const direction = params.get('rdir');
  return {
    key: key !== null && ROLLUP_SORT_KEYS.includes(key) ? key : DEFAULT_BRANCH_ROLLUP_SORT.key,
    direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_BRANCH_ROLLUP_SORT.direction,
  };
}

/** Writes the roll-up's sort into `params` (other parameters kept), leaving the default out. */
export function withBranchRollupSort(params: URLSearchParams, sort: BranchRollupSort): URLSearchParams {
  const next = new URLSearchParams(params);
  if (sort.key === DEFAULT_BRANCH_ROLLUP_SORT.key) next.delete('rsort');
  else next.set('rsort', sort.key);
  if (sort.direction === DEFAULT_BRANCH_ROLLUP_SORT.direction) next.delete('rdir');
  else next.set('rdir', sort.direction);
  return next;
}

/**
 * A branch's row opens the customer table narrowed to that branch (?branch=), from its first page;
 * the table's other parameters (search, sort) are kept, and the roll-up's own sort stays in the
 * address for the way back.
 */
export function branchCustomersParams(params: URLSearchParams, branchId: string): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete('view');
  return withCustomerListParams(next, { ...parseCustomerListParams(next), page: 1, branchId });
}
