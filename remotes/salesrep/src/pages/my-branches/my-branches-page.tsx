import { paths } from '@promo/domain/paths';
import { selectedBranches } from '@promo/domain/rep/branch-list.rules';
import { removeBranch } from '@promo/domain/rep/branch-selection.rules';
import { buttonClassName } from '@promo/ui/button';
import { usePageFrame } from '@promo/ui/page-frame';
import { Link } from '@promo/ui/router';
import { lazy, Suspense } from 'react';
import { useBriefcaseUpkeep } from '../../features/briefcase/briefcase-upkeep-trigger';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { branchGate } from '../../features/saved-selection/branch-gate';
import { useRepSelection } from '../../features/saved-selection/use-rep-selection';
import { SelectedBranchList } from './selected-branch-list';
import styles from './my-branches-page.module.css';

/** The briefcase panel's code loads with it, not with the page (docs/decisions/047-rep-briefcase.md). */
const KeepCustomersPanel = lazy(() => import('../../features/briefcase/keep-customers-panel'));

/** My Branches: the selected branches with a remove icon; none selected goes to Select Branches. */
export default function MyBranchesPage() {
  usePageFrame('My Branches');
  useBriefcaseUpkeep();
  const { userId, allowedRegions } = useRepUser();
  const { branches, selection, setSelection } = useRepSelection(userId, allowedRegions);

  const gate = branchGate(branches, selection);
  if (!gate.ready) return gate.element;
  const all = gate.data.branches;

  const selected = selectedBranches(selection, all);
  return (
    <div className={styles.page}>
      <h2 className={styles.heading}>
        {selected.length} selected {selected.length === 1 ? 'branch' : 'branches'}
      </h2>
      <SelectedBranchList
        branches={selected}
        onRemove={(branch) => setSelection(removeBranch(selection, branch.branchID, all))}
      />
      <Suspense fallback={null}>
        <KeepCustomersPanel branchIds={selected.map((branch) => branch.branchID)} />
      </Suspense>
      <div className={styles.actions}>
        <Link className={buttonClassName('secondary', true)} to={paths.repSelectBranches()}>
          Go to Division/Region/Branches
        </Link>
        <Link className={buttonClassName('primary', true)} to={paths.repHome()}>
          Go to Dashboard
        </Link>
      </div>
    </div>
  );
}
