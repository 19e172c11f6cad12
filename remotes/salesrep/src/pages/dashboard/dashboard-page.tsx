import { paths } from '@promo/domain/paths';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { isFinished } from '@promo/domain/promotion/promotion.rules';
import type { Promotion } from '@promo/domain/types';
import { buttonClassName } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { useQuery } from '@promo/domain/query';
import { Link } from '@promo/ui/router';
import { RepPromotionCard } from './rep-promotion-card';
import { useBriefcaseUpkeep } from '../../features/briefcase/briefcase-upkeep-trigger';
import { useOfflineBriefcase } from '../../features/briefcase/use-offline-briefcase';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { branchGate } from '../../features/saved-selection/branch-gate';
import { useRepSelection } from '../../features/saved-selection/use-rep-selection';
import styles from './dashboard-page.module.css';

/** docs/product-rules.md, 'Rep dashboard': the current promotions with the joined/target count at the selected branches. */
export default function DashboardPage() {
  usePageFrame('Home');
  useBriefcaseUpkeep();
  useOfflineBriefcase();
  const { userId, allowedRegions } = useRepUser();
  const { branches, selection } = useRepSelection(userId, allowedRegions);
  const promotions = useQuery(promotionQueries.current());

  const gate = branchGate(branches, selection);
  if (!gate.ready) return gate.element;
  const current = queryGate(
    { promotions },
    { failedTitle: 'Promotions could not be loaded', loadingLabel: 'Loading promotions…' },
  );

  const branchCount = selection.selectedBranchIds.length;
  return (
    <div className={styles.page}>
      <section className={styles.selection} aria-label="Your selection">
        <p className={styles.summary}>
          Customers at {branchCount} {branchCount === 1 ? 'branch' : 'branches'} in{' '}
          {selection.selectedRegions.join(', ')}
        </p>
        <Link className={buttonClassName('secondary', true)} to={paths.repSelectBranches()}>
          Go to Division/Region/Branches
        </Link>
      </section>
      <section aria-labelledby="current-promotions">
        <h2 id="current-promotions">Current Promotions</h2>
        {current.ready ? (
          <CurrentPromotions promotions={current.data.promotions} branchIds={selection.selectedBranchIds} />
        ) : (
          current.element
        )}
      </section>
    </div>
  );
}

function CurrentPromotions({ promotions, branchIds }: { promotions: Promotion[]; branchIds: string[] }) {
  const current = promotions
    .filter((promotion) => !promotion.error && !isFinished(promotion))
    .toSorted((a, b) => a.startTimestamp - b.startTimestamp);
  if (current.length === 0) {
    return (
      <Notice title="No Current Promotions">
        <p>There are no current promotions. Please check back regularly.</p>
      </Notice>
    );
  }
  return current.map((promotion) => (
    <RepPromotionCard key={promotion.id} promotion={promotion} branchIds={branchIds} />
  ));
}
