import { useParams, useSearchParams } from '@promo/ui/router';
import { AccountView } from './account-view';
import { CustomerListView } from './customer-list-view';
import { CustomerView } from './customer-view';

/**
 * /salesrep/promotions/{id} (spec §2 "Rep promotion details"). The shell mounts five rep patterns,
 * so the two screens beneath the customer table live in the query string, where back and forward
 * (and reloads) keep working: ?customer=G100123 is the rep's view of that customer's promotion, and
 * &view=account its Global Account Details.
 */
export default function PromotionPage() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const customerId = params.get('customer');
  if (customerId) {
    return params.get('view') === 'account' ? (
      <AccountView key={customerId} customerId={customerId} />
    ) : (
      <CustomerView key={customerId} promotionId={id} customerId={customerId} />
    );
  }
  return <CustomerListView promotionId={id} />;
}
