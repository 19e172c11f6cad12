import { describe, expect, it } from 'vitest';
import type { BranchRollup } from '../types';
import {
  branchCustomersParams,
  DEFAULT_BRANCH_ROLLUP_SORT,
  parseBranchRollupSort,
  percentOfTargets,
  sortBranchRollups,
  toggleBranchRollupSort,
  withBranchRollupSort,
} from './branch-rollup.rules';
import { BRANCH_ROLLUP_CSV_HEADER, branchRollupCsvRecord } from './export-records.rules';
import { csvRecord } from './csv';

const rollup = (overrides: Partial<BranchRollup>): BranchRollup => ({
  branchID: '101',
  branchName: 'Autolign Penrose',
  region: 'Auckland',
  customers: 10,
  joined: 6,
  totalSpend: 50_000,
  firstTargetTotal: 100_000,
  bands: { 'on-pace': 3, slipping: 2, behind: 1, 'not-joined': 4 },
  ...overrides,
});

/** Four branches in the server's order (region, then name). */
const ROLLUPS: BranchRollup[] = [
  rollup({ branchID: '101', branchName: 'Autolign Penrose', customers: 10, totalSpend: 50_000 }),
  rollup({ branchID: '102', branchName: 'BNT East Tāmaki', customers: 3, joined: 3, totalSpend: 90_000 }),
  rollup({
    branchID: '201',
    branchName: 'Autolign Hamilton',
    region: 'Waikato',
    customers: 10,
    totalSpend: 20_000,
    firstTargetTotal: 0,
  }),
  rollup({ branchID: '202', branchName: 'BNT Te Rapa', region: 'Waikato', customers: 0, totalSpend: 0 }),
];
const ids = (rollups: BranchRollup[]) => rollups.map((entry) => entry.branchID);

describe('percentOfTargets', () => {
  it('is the spend as a percentage of the summed first targets', () => {
    expect(percentOfTargets({ totalSpend: 50_000, firstTargetTotal: 100_000 })).toBe(50);
    expect(percentOfTargets({ totalSpend: 125_000, firstTargetTotal: 100_000 })).toBe(125);
  });

  it('is null without targets to measure against', () => {
    expect(percentOfTargets({ totalSpend: 20_000, firstTargetTotal: 0 })).toBeNull();
    expect(percentOfTargets({ totalSpend: 0, firstTargetTotal: 0 })).toBeNull();
  });
});

describe('toggleBranchRollupSort', () => {
  it('turns the direction of the sorted column', () => {
    expect(toggleBranchRollupSort(DEFAULT_BRANCH_ROLLUP_SORT, 'branch')).toEqual({
      key: 'branch',
      direction: 'desc',
    });
    expect(toggleBranchRollupSort({ key: 'joined', direction: 'desc' }, 'joined')).toEqual({
      key: 'joined',
      direction: 'asc',
    });
  });

  it('sorts figures largest first and the branch name A to Z', () => {
    expect(toggleBranchRollupSort(DEFAULT_BRANCH_ROLLUP_SORT, 'totalSpend')).toEqual({
      key: 'totalSpend',
      direction: 'desc',
    });
    expect(toggleBranchRollupSort({ key: 'customers', direction: 'asc' }, 'branch')).toEqual(
      DEFAULT_BRANCH_ROLLUP_SORT,
    );
  });
});

describe('sortBranchRollups', () => {
  it('orders by region then name by default, whatever order the branches came in', () => {
    expect(ids(sortBranchRollups(ROLLUPS.toReversed(), DEFAULT_BRANCH_ROLLUP_SORT))).toEqual([
      '101',
      '102',
      '201',
      '202',
    ]);
    expect(ids(sortBranchRollups(ROLLUPS, { key: 'branch', direction: 'desc' }))).toEqual([
      '202',
      '201',
      '102',
      '101',
    ]);
  });

  it('orders by a figure either way, ties by region then name', () => {
    expect(ids(sortBranchRollups(ROLLUPS, { key: 'totalSpend', direction: 'desc' }))).toEqual([
      '102',
      '101',
      '201',
      '202',
    ]);
    expect(ids(sortBranchRollups(ROLLUPS, { key: 'customers', direction: 'desc' }))).toEqual([
      '101',
      '201',
      '102',
      '202',
    ]);
    expect(ids(sortBranchRollups(ROLLUPS, { key: 'customers', direction: 'asc' }))).toEqual([
      '202',
      '102',
      '101',
      '201',
    ]);
  });

  it('puts a branch without targets last by percentage, in both directions', () => {
    // 102: 90 %, 101: 50 %, 202: 0 %, 201: no targets.
    expect(ids(sortBranchRollups(ROLLUPS, { key: 'percentOfTargets', direction: 'desc' }))).toEqual([
      '102',
      '101',
      '202',
      '201',
    ]);
    expect(ids(sortBranchRollups(ROLLUPS, { key: 'percentOfTargets', direction: 'asc' }))).toEqual([
      '202',
      '101',
      '102',
      '201',
    ]);
  });

  it('leaves the list it was given alone', () => {
    const given = [...ROLLUPS];
    sortBranchRollups(given, { key: 'joined', direction: 'asc' });
    expect(given).toEqual(ROLLUPS);
  });
});

describe('the roll-up sort in the address', () => {
  it('reads rsort and rdir, falling back to the default', () => {
    expect(parseBranchRollupSort(new URLSearchParams())).toEqual(DEFAULT_BRANCH_ROLLUP_SORT);
    expect(parseBranchRollupSort(new URLSearchParams('rsort=joined&rdir=asc'))).toEqual({
      key: 'joined',
      direction: 'asc',
    });
    expect(parseBranchRollupSort(new URLSearchParams('rsort=bogus&rdir=sideways'))).toEqual(
      DEFAULT_BRANCH_ROLLUP_SORT,
    );
  });

  it('writes them beside the other parameters, leaving the default out', () => {
    const params = new URLSearchParams('view=branches&sort=totalSpend');
    const sorted = withBranchRollupSort(params, { key: 'percentOfTargets', direction: 'desc' });
    expect(sorted.toString()).toBe('view=branches&sort=totalSpend&rsort=percentOfTargets&rdir=desc');
    expect(withBranchRollupSort(sorted, DEFAULT_BRANCH_ROLLUP_SORT).toString()).toBe(
      'view=branches&sort=totalSpend',
    );
    expect(params.toString()).toBe('view=branches&sort=totalSpend');
  });
});

describe('branchCustomersParams', () => {
  it('opens the customer table at the branch, from page 1, keeping the table’s other parameters', () => {
    const params = new URLSearchParams('view=branches&q=smith&page=3&sort=totalSpend&rsort=joined');
    expect(branchCustomersParams(params, '102').toString()).toBe(
      'q=smith&sort=totalSpend&rsort=joined&branch=102',
    );
  });

  it('replaces a branch the table was narrowed to before', () => {
    expect(branchCustomersParams(new URLSearchParams('branch=101&view=branches'), '201').toString()).toBe(
      'branch=201',
    );
  });
});

describe('the roll-up CSV', () => {
  it('has a column per figure and per band', () => {
    expect(BRANCH_ROLLUP_CSV_HEADER).toEqual([
      'Branch ID',
      'Branch',
      'Region',
      'Customers',
      'Joined',
      'Total Spend',
      'Targets',
      '% of Targets',
      'On pace',
      'Slipping',
      'Behind',
      'Not joined',
    ]);
  });

  it('writes money in dollars to 2 decimals, the percentage to 1, and counts as numbers', () => {
    const record = branchRollupCsvRecord(
      rollup({ totalSpend: 12_345.678, firstTargetTotal: 37_000.004, customers: 7, joined: 5 }),
    );
    expect(record).toEqual([
      '101',
      'Autolign Penrose',
      'Auckland',
      7,
      5,
      12_345.68,
      37_000,
      33.4,
      3,
      2,
      1,
      4,
    ]);
    expect(csvRecord(record)).toBe('101,Autolign Penrose,Auckland,7,5,12345.68,37000,33.4,3,2,1,4');
  });

  it('leaves the percentage empty when the branch has no targets', () => {
    const record = branchRollupCsvRecord(rollup({ totalSpend: 200, firstTargetTotal: 0 }));
    expect(record[7]).toBeNull();
    expect(csvRecord(record)).toBe('101,Autolign Penrose,Auckland,10,6,200,0,,3,2,1,4');
  });
});
