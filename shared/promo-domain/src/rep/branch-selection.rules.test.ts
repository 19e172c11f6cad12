import { describe, expect, it } from 'vitest';
import type { Branch } from '../types';
import { listedBranches, matchesBranchSearch, offeredRegions, selectedBranches } from './branch-list.rules';
import {
  EMPTY_BRANCH_SELECTION,
  hasBranchSelection,
  removeBranch,
  restrictSelection,
  setAllRegionsSelected,
  setBranchesSelected,
  setBranchSelected,
  setRegionSelected,
} from './branch-selection.rules';

const branch = (branchID: string, branchName: string, code: string, region: string): Branch => ({
  branchID,
  branchName,
  branch: code,
  division: 'A',
  region,
});

const BRANCHES: Branch[] = [
  branch('101', 'Autolign Penrose', 'AKL1', 'Auckland'),
  branch('102', 'BNT Albany', 'AKL2', 'Auckland'),
  branch('103', 'NZ Brake Co Manukau', 'AKL3', 'Auckland'),
  branch('201', 'Autolign Hamilton', 'WKO1', 'Waikato'),
  branch('202', 'BNT Te Rapa', 'WKO2', 'Waikato'),
  branch('301', 'Autolign Whangārei', 'NTH1', 'Northland'),
];
const byId = (id: string) => BRANCHES.find((b) => b.branchID === id) as Branch;

describe('offeredRegions', () => {
  it('offers only the regions in the rep’s allowedRegions, A to Z', () => {
    expect(offeredRegions(BRANCHES, ['Waikato', 'Auckland', 'Otago'])).toEqual(['Auckland', 'Waikato']);
  });

  it('offers nothing to a rep without regions', () => {
    expect(offeredRegions(BRANCHES, [])).toEqual([]);
  });
});

describe('setRegionSelected', () => {
  it('selects all branches of a region when the region is selected', () => {
    const next = setRegionSelected(EMPTY_BRANCH_SELECTION, 'Auckland', true, BRANCHES);
    expect(next).toEqual({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102', '103'] });
  });

  it('removes the region’s branches when it is deselected, and keeps the others', () => {
    let selection = setRegionSelected(EMPTY_BRANCH_SELECTION, 'Auckland', true, BRANCHES);
    selection = setRegionSelected(selection, 'Waikato', true, BRANCHES);
    selection = setRegionSelected(selection, 'Auckland', false, BRANCHES);
    expect(selection).toEqual({ selectedRegions: ['Waikato'], selectedBranchIds: ['201', '202'] });
  });

  it('selects the branches again after one of them was deselected, without repeats', () => {
    let selection = setRegionSelected(EMPTY_BRANCH_SELECTION, 'Auckland', true, BRANCHES);
    selection = setBranchSelected(selection, byId('102'), false);
    selection = setRegionSelected(selection, 'Auckland', true, BRANCHES);
    expect(selection.selectedBranchIds.toSorted()).toEqual(['101', '102', '103']);
    expect(selection.selectedRegions).toEqual(['Auckland']);
  });
});

describe('setAllRegionsSelected', () => {
  it('selects every offered region with all its branches', () => {
    expect(setAllRegionsSelected(true, ['Auckland', 'Waikato'], BRANCHES)).toEqual({
      selectedRegions: ['Auckland', 'Waikato'],
      selectedBranchIds: ['101', '102', '103', '201', '202'],
    });
  });

  it('deselects everything', () => {
    expect(setAllRegionsSelected(false, ['Auckland', 'Waikato'], BRANCHES)).toEqual(EMPTY_BRANCH_SELECTION);
  });
});

describe('setBranchesSelected (the branch list’s Select All)', () => {
  it('selects every listed branch and leaves unlisted ones as they were', () => {
    const start = setRegionSelected(EMPTY_BRANCH_SELECTION, 'Waikato', true, BRANCHES);
    const cleared = setBranchesSelected(start, [byId('201')], false);
    expect(cleared.selectedBranchIds).toEqual(['202']);
    const listed = listedBranches(BRANCHES, ['Auckland', 'Waikato'], 'autolign');
    const next = setBranchesSelected(cleared, listed, true);
    expect(next.selectedBranchIds.toSorted()).toEqual(['101', '201', '202']);
    expect(next.selectedRegions.toSorted()).toEqual(['Auckland', 'Waikato']);
  });

  it('deselects every listed branch', () => {
    const all = setAllRegionsSelected(true, ['Auckland', 'Waikato'], BRANCHES);
    const next = setBranchesSelected(all, listedBranches(BRANCHES, all.selectedRegions, 'bnt'), false);
    expect(next.selectedBranchIds).toEqual(['101', '103', '201']);
  });
});

describe('matchesBranchSearch', () => {
  it('matches the branch name, case-insensitively', () => {
    expect(matchesBranchSearch(byId('102'), 'albany')).toBe(true);
    expect(matchesBranchSearch(byId('102'), 'bnt alb')).toBe(true);
  });

  it('matches the branch code', () => {
    expect(matchesBranchSearch(byId('202'), 'wko2')).toBe(true);
    expect(matchesBranchSearch(byId('202'), 'WKO')).toBe(true);
  });

  it('matches names with macrons as written', () => {
    expect(matchesBranchSearch(byId('301'), 'WHANGĀ')).toBe(true);
  });

  it('does not match other text, and matches everything when empty', () => {
    expect(matchesBranchSearch(byId('101'), 'hamilton')).toBe(false);
    expect(matchesBranchSearch(byId('101'), '   ')).toBe(true);
  });
});

describe('listedBranches', () => {
  it('lists the branches of the selected regions that match the search, by region then name', () => {
    expect(listedBranches(BRANCHES, ['Waikato', 'Auckland'], 'autolign').map((b) => b.branchID)).toEqual([
      '101',
      '201',
    ]);
  });

  it('lists nothing when no region is selected', () => {
    expect(listedBranches(BRANCHES, [], '')).toEqual([]);
  });
});

describe('removeBranch', () => {
  it('removes one branch and keeps its region while another of its branches remains', () => {
    const all = setRegionSelected(EMPTY_BRANCH_SELECTION, 'Auckland', true, BRANCHES);
    expect(removeBranch(all, '102', BRANCHES)).toEqual({
      selectedRegions: ['Auckland'],
      selectedBranchIds: ['101', '103'],
    });
  });

  it('removes the region with its last branch, which leaves nothing selected', () => {
    let selection = setRegionSelected(EMPTY_BRANCH_SELECTION, 'Northland', true, BRANCHES);
    selection = removeBranch(selection, '301', BRANCHES);
    expect(selection).toEqual(EMPTY_BRANCH_SELECTION);
    expect(hasBranchSelection(selection)).toBe(false);
  });
});

describe('restrictSelection', () => {
  it('drops regions the rep may not see and branches that are unknown or outside the selected regions', () => {
    const stored = {
      selectedRegions: ['Auckland', 'Northland', 'Auckland'],
      selectedBranchIds: ['101', '301', '201', '999'],
    };
    expect(restrictSelection(stored, BRANCHES, ['Auckland', 'Waikato'])).toEqual({
      selectedRegions: ['Auckland'],
      selectedBranchIds: ['101'],
    });
  });
});

describe('hasBranchSelection', () => {
  it('is false with no region or no branch selected, true with both', () => {
    expect(hasBranchSelection(EMPTY_BRANCH_SELECTION)).toBe(false);
    expect(hasBranchSelection({ selectedRegions: ['Auckland'], selectedBranchIds: [] })).toBe(false);
    expect(hasBranchSelection({ selectedRegions: ['Auckland'], selectedBranchIds: ['101'] })).toBe(true);
  });
});

describe('selectedBranches', () => {
  it('gives the selected branches in list order', () => {
    const selection = { selectedRegions: ['Waikato', 'Auckland'], selectedBranchIds: ['202', '103', '101'] };
    expect(selectedBranches(selection, BRANCHES).map((b) => b.branchID)).toEqual(['101', '103', '202']);
  });
});
