import { paths } from '@promo/domain/paths';
import { offeredRegions } from '@promo/domain/rep/branch-list.rules';
import { hasBranchSelection } from '@promo/domain/rep/branch-selection.rules';
import { Button } from '@promo/ui/button';
import { usePageFrame } from '@promo/ui/page-frame';
import { useState } from 'react';
import { useNavigate } from '@promo/ui/router';
import { BranchPicker } from '../../features/region-branch-picker/branch-picker';
import { RegionPicker } from '../../features/region-branch-picker/region-picker';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { branchGate } from '../../features/saved-selection/branch-gate';
import { useRepSelection } from '../../features/saved-selection/use-rep-selection';
import styles from './select-branches-page.module.css';

/**
 * docs/product-rules.md, 'Select Branches and My Branches': regions (with Select All), then the branches of the selected regions
 * (searchable by name or code, with Select All), then Go to Dashboard. Every change is saved at once.
 */
export default function SelectBranchesPage() {
  usePageFrame('Select Branches');
  const navigate = useNavigate();
  const { userId, allowedRegions } = useRepUser();
  const { branches, selection, setSelection } = useRepSelection(userId, allowedRegions);
  const [showRequired, setShowRequired] = useState(false);

  const gate = branchGate(branches, selection, { selectionNeeded: false });
  if (!gate.ready) return gate.element;
  const all = gate.data.branches;

  const regions = offeredRegions(all, allowedRegions);
  const count = selection.selectedBranchIds.length;
  const ready = hasBranchSelection(selection);

  return (
    <div className={styles.page}>
      <p className={styles.intro}>Choose the regions and branches whose customers you want to see.</p>
      <RegionPicker
        regions={regions}
        branches={all}
        selection={selection}
        onChange={(next) => {
          setShowRequired(false);
          setSelection(next);
        }}
      />
      <BranchPicker
        branches={all}
        selection={selection}
        onChange={(next) => {
          setShowRequired(false);
          setSelection(next);
        }}
      />
      <div className={styles.footer}>
        <p className={styles.count} role="status">
          {count} {count === 1 ? 'branch' : 'branches'} selected
        </p>
        {showRequired && !ready ? (
          <p className={styles.required} role="alert">
            Select at least one branch to see its customers.
          </p>
        ) : null}
        <Button
          block
          onClick={() => {
            if (ready) void navigate(paths.repHome());
            else setShowRequired(true);
          }}
        >
          Go to Dashboard
        </Button>
      </div>
    </div>
  );
}
