import { failedLoadMessage } from '@promo/domain/http/failure-kind.rules';
import { paths } from '@promo/domain/paths';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { leadPromotion, splitPromotions } from '@promo/domain/promotion/promotion.rules';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { QueryError, refetchAll } from '@promo/ui/query-error';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
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
  if (account.isPending || promotions.isPending) return <Spinner />;
  if (account.isError || promotions.isError) {
    return (
      <QueryError
        title="Your promotions could not be loaded"
        message={failedLoadMessage(account.error ?? promotions.error)}
        onRetry={refetchAll(account, promotions)}
      />
    );
  }
  if (!account.data) return <Navigate to={paths.logout()} replace />;
  if (account.data.associationsConfirmationStatus !== 'confirmed') {
    return <Navigate to={paths.accountConfirmation()} replace />;
  }

  const split = splitPromotions(promotions.data, account.data);
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
