import { compareNames } from '@promo/domain/format/name-order';
import type { Branch } from '../types';
import type { BranchSelection } from './branch-selection.rules';

/**
 * The rep's region and branch lists as Select Branches and My Branches show them: A to Z (by
 * compareNames) and filtered by the search text. Kept apart from the selection's rules
 * (branch-selection.rules.ts), which every rep page's branch gate runs: those pages sort nothing.
 */

/** The regions a rep may choose: those of the branch list that are in their allowedRegions, A to Z. */
export function offeredRegions(branches: readonly Branch[], allowedRegions: readonly string[]): string[] {
  const allowed = new Set(allowedRegions);
  return [...new Set(branches.map((branch) => branch.region))]
    .filter((region) => allowed.has(region))
    .sort((a, b) => compareNames(a, b));
}

/** Case-insensitive match of the search text on the branch name or code. */
export function matchesBranchSearch(branch: Branch, searchText: string): boolean {
  const text = searchText.trim().toLocaleLowerCase('en-NZ');
  if (text === '') return true;
  return (
    branch.branchName.toLocaleLowerCase('en-NZ').includes(text) ||
    branch.branch.toLocaleLowerCase('en-NZ').includes(text)
  );
}

/** The branch list: branches of the selected regions that match the search text, by region then name. */
export function listedBranches(
  branches: readonly Branch[],
  selectedRegions: readonly string[],
  searchText: string,
): Branch[] {
  const regions = new Set(selectedRegions);
  return branches
    .filter((branch) => regions.has(branch.region) && matchesBranchSearch(branch, searchText))
    .sort((a, b) => compareNames(a.region, b.region) || compareNames(a.branchName, b.branchName));
}

/** The selected branches, in the branch list's order (region, then name). */
export function selectedBranches(selection: BranchSelection, branches: readonly Branch[]): Branch[] {
  const ids = new Set(selection.selectedBranchIds);
  return listedBranches(
    branches.filter((branch) => ids.has(branch.branchID)),
    selection.selectedRegions,
    '',
  );
}
