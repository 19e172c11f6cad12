import type { Branch } from '../types';

/**
 * The rep's region and branch selection (docs/product-rules.md, 'Select Branches and My Branches', with the saved
 * selection). Pure functions over the branch list from configuration 'branch.details'.
 *
 * Invariant kept by every change: each selected branch belongs to a selected region, so the branch
 * list (which shows the branches of the selected regions) always shows every selected branch.
 */
export interface BranchSelection {
  selectedRegions: string[];
  selectedBranchIds: string[];
}

export const EMPTY_BRANCH_SELECTION: BranchSelection = { selectedRegions: [], selectedBranchIds: [] };

const branchIdsOf = (branches: readonly Branch[], region: string) =>
  branches.filter((branch) => branch.region === region).map((branch) => branch.branchID);

/** Keeps list order and drops repeats. */
const unique = (values: readonly string[]) => [...new Set(values)];

/** Selecting a region selects all its branches; deselecting it removes them. */
export function setRegionSelected(
  selection: BranchSelection,
  region: string,
  selected: boolean,
  branches: readonly Branch[],
): BranchSelection {
  const regionBranchIds = new Set(branchIdsOf(branches, region));
  if (selected) {
    return {
      selectedRegions: unique([...selection.selectedRegions, region]),
      selectedBranchIds: unique([...selection.selectedBranchIds, ...regionBranchIds]),
    };
  }
  return {
    selectedRegions: selection.selectedRegions.filter((r) => r !== region),
    selectedBranchIds: selection.selectedBranchIds.filter((id) => !regionBranchIds.has(id)),
  };
}

/** The regions' Select All: every offered region and all their branches, or nothing. */
export function setAllRegionsSelected(
  selected: boolean,
  regions: readonly string[],
  branches: readonly Branch[],
): BranchSelection {
  if (!selected) return EMPTY_BRANCH_SELECTION;
  const offered = new Set(regions);
  return {
    selectedRegions: [...regions],
    selectedBranchIds: branches.filter((branch) => offered.has(branch.region)).map((b) => b.branchID),
  };
}

/** One branch on or off. Selecting a branch also selects its region (the invariant above). */
export function setBranchSelected(
  selection: BranchSelection,
  branch: Branch,
  selected: boolean,
): BranchSelection {
  if (selected) {
    return {
      selectedRegions: unique([...selection.selectedRegions, branch.region]),
      selectedBranchIds: unique([...selection.selectedBranchIds, branch.branchID]),
    };
  }
  return {
    ...selection,
    selectedBranchIds: selection.selectedBranchIds.filter((id) => id !== branch.branchID),
  };
}

/** The branch list's Select All: every listed (filtered) branch on or off; others keep their state. */
export function setBranchesSelected(
  selection: BranchSelection,
  listed: readonly Branch[],
  selected: boolean,
): BranchSelection {
  return listed.reduce((next, branch) => setBranchSelected(next, branch, selected), selection);
}

/**
 * My Branches' remove icon: the branch goes; a region left with none of its branches selected goes
 * too, so that the dashboard's "no region or branch selected" state is reached by removing the last.
 */
export function removeBranch(
  selection: BranchSelection,
  branchId: string,
  branches: readonly Branch[],
): BranchSelection {
  const selectedBranchIds = selection.selectedBranchIds.filter((id) => id !== branchId);
  const remaining = new Set(selectedBranchIds);
  return {
    selectedBranchIds,
    selectedRegions: selection.selectedRegions.filter((region) =>
      branchIdsOf(branches, region).some((id) => remaining.has(id)),
    ),
  };
}

/**
 * The selection limited to what this rep can see now: branches and regions that are in the branch
 * list (the server sends only the rep's allowed regions) and allowed. A selection saved in the
 * browser by another rep, or before the rep's regions changed, loses what is no longer theirs.
 */
export function restrictSelection(
  selection: BranchSelection,
  branches: readonly Branch[],
  allowedRegions: readonly string[],
): BranchSelection {
  const allowed = new Set(allowedRegions);
  const regions = new Set(branches.map((branch) => branch.region).filter((region) => allowed.has(region)));
  const selectedRegions = unique(selection.selectedRegions).filter((region) => regions.has(region));
  const inSelectedRegion = new Set(
    branches.filter((branch) => selectedRegions.includes(branch.region)).map((branch) => branch.branchID),
  );
  return {
    selectedRegions,
    selectedBranchIds: unique(selection.selectedBranchIds).filter((id) => inSelectedRegion.has(id)),
  };
}

/** The dashboard and My Branches send the rep to Select Branches when nothing is selected. */
export function hasBranchSelection(selection: BranchSelection): boolean {
  return selection.selectedRegions.length > 0 && selection.selectedBranchIds.length > 0;
}
