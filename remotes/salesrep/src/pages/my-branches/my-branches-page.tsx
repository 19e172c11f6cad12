import { paths } from '@promo/domain/paths';
import { hasBranchSelection, removeBranch, selectedBranches } from '@promo/domain/rep-branch-selection';
import { Button, buttonClassName } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { Link, Navigate } from '@promo/ui/router';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { useRepSelection } from '../../features/saved-selection/use-rep-selection';
import { SelectedBranchList } from '../../features/selected-branches/selected-branch-list';
import styles from './my-branches-page.module.css';

/** My Branches: the selected branches with a remove icon; none selected goes to Select Branches. */
export default function MyBranchesPage() {
  usePageFrame('My Branches');
  const { userId, allowedRegions } = useRepUser();
  const { branches, selection, setSelection } = useRepSelection(userId, allowedRegions);

  if (branches.isPending) return <Spinner />;
  if (branches.isError) {
    return (
      <Notice tone="error" title="Your branches could not be loaded">
        <p>Check your connection and try again.</p>
        <Button onClick={() => void branches.refetch()}>Try again</Button>
      </Notice>
    );
  }
  if (!hasBranchSelection(selection)) return <Navigate to={paths.repSelectBranches()} replace />;

  const selected = selectedBranches(selection, branches.data);
  return (
    <div className={styles.page}>
      <h2 className={styles.heading}>
        {selected.length} selected {selected.length === 1 ? 'branch' : 'branches'}
      </h2>
      <SelectedBranchList
        branches={selected}
        onRemove={(branch) => setSelection(removeBranch(selection, branch.branchID, branches.data))}
      />
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
