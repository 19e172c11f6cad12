import { paths } from '@promo/domain/paths';
import { hasBranchSelection, type BranchSelection } from '@promo/domain/rep/branch-selection.rules';
import type { Branch } from '@promo/domain/types';
import { queryGate, type GatedQuery, type QueryGate } from '@promo/ui/query-error';
import { Navigate } from '@promo/ui/router';

/**
 * Where a rep without selected branches goes: Select Branches, since every screen past it shows the
 * customers of the selected branches.
 */
export function ToSelectBranches() {
  return <Navigate to={paths.repSelectBranches()} replace />;
}

/**
 * What a rep's branch page shows before it can: the branch list loading or failing, and (unless the
 * page is where the branches are chosen) a rep without selected branches. Otherwise the branches.
 */
export function branchGate(
  branches: GatedQuery<Branch[]>,
  selection: BranchSelection,
  { selectionNeeded = true }: { selectionNeeded?: boolean } = {},
): QueryGate<{ branches: GatedQuery<Branch[]> }> {
  const gate = queryGate({ branches }, { failedTitle: 'Your branches could not be loaded' });
  if (gate.ready && selectionNeeded && !hasBranchSelection(selection)) {
    return { ready: false, element: <ToSelectBranches /> };
  }
  return gate;
}
