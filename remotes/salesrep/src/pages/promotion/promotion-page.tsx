import { Spinner } from '@promo/ui/spinner';
import { useParams, useSearchParams } from '@promo/ui/router';
import { Suspense } from 'react';
import { useOfflineBriefcase } from '../../features/briefcase/use-offline-briefcase';
import { promotionViewOf } from './promotion-links';
import { accountView, branchRollupView, customerListView, customerView } from './promotion-views';
import { PromotionViewsNav } from './promotion-views-nav';

/**
 * /salesrep/promotions/{id} (docs/product-rules.md, 'Customer table'). The shell mounts five rep patterns,
 * so the two screens beneath the customer table live in the query string, where back and forward
 * (and reloads) keep working: ?customer=G100123 is the rep's view of that customer's promotion, and
 * &view=account its Global Account Details. Without a customer, ?view=branches is the branch roll-up
 * in place of the table, a link away from it (PromotionViewsNav).
 */
export default function PromotionPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const customerId = params.get('customer');
  useOfflineBriefcase();
  if (customerId) {
    return (
      <Suspense fallback={<Spinner />}>
        {params.get('view') === 'account' ? (
          <accountView.Page key={customerId} customerId={customerId} />
        ) : (
          <customerView.Page key={customerId} promotionId={id} customerId={customerId} />
        )}
      </Suspense>
    );
  }
  return (
    <>
      <PromotionViewsNav />
      <Suspense fallback={<Spinner />}>
        {promotionViewOf(params) === 'branches' ? (
          <branchRollupView.Page promotionId={id} />
        ) : (
          <customerListView.Page promotionId={id} />
        )}
      </Suspense>
    </>
  );
}
