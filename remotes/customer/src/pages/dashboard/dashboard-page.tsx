import { paths } from '@promo/domain/paths';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { leadPromotion, splitPromotions } from '@promo/domain/promotion/promotion.rules';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { useQuery } from '@promo/domain/query';
import { Navigate } from '@promo/ui/router';
import { useCurrentAccount } from '../../features/current-account/use-current-account';
import { PromotionCard } from '../../features/promotion-cards/promotion-card';
import styles from './dashboard-page.module.css';

/** docs/product-rules.md, 'Customer dashboard'. */
export default function DashboardPage() {
  usePageFrame('Home');
  const { accountId, account } = useCurrentAccount();
  const promotions = useQuery(promotionQueries.current());

  if (accountId === undefined) return <Navigate to={paths.logout()} replace />;
  const gate = queryGate({ account, promotions }, { failedTitle: 'Your promotions could not be loaded' });
  if (!gate.ready) return gate.element;
  const current = gate.data.account;
  if (!current) return <Navigate to={paths.logout()} replace />;
  if (current.associationsConfirmationStatus !== 'confirmed') {
    return <Navigate to={paths.accountConfirmation()} replace />;
  }

  const split = splitPromotions(gate.data.promotions, current);
  const { newPromotions, activePromotions } = split;
  const lead = leadPromotion(split);
  if (newPromotions.length === 0 && activePromotions.length === 0) {
    return (
      <Notice title="No Active Promotions">
        <p>You have no current promotions available. Please check back regularly.</p>
      </Notice>
    );
  }
  return (
    <div className={styles.page}>
      {newPromotions.length > 0 ? (
        <section aria-labelledby="new-promotions">
          <h2 id="new-promotions">New Promotions</h2>
          {newPromotions.map((promotion) => (
            <PromotionCard
              key={promotion.id}
              promotion={promotion}
              joined={false}
              first={promotion === lead}
            />
          ))}
        </section>
      ) : null}
      {activePromotions.length > 0 ? (
        <section aria-labelledby="active-promotions">
          <h2 id="active-promotions">Active Promotions</h2>
          {activePromotions.map((promotion) => (
            <PromotionCard key={promotion.id} promotion={promotion} joined first={promotion === lead} />
          ))}
        </section>
      ) : null}
    </div>
  );
}
