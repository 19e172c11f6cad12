import { accountQueries } from '@promo/domain/account/account.queries';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { Notice } from '@promo/ui/notice';
import { titleFromData, usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { useQuery } from '@promo/domain/query';
import { useState } from 'react';
import { useSearchParams } from '@promo/ui/router';
import { useCustomerViewAudit } from './use-customer-view-audit';
import { CustomerPromotionSummary } from './customer-promotion-summary';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { accountSearch } from './promotion-links';

/** docs/product-rules.md, 'Rep view of a customer' (?customer=…); each view writes an audit event. */
export function CustomerView({ promotionId, customerId }: { promotionId: string; customerId: string }) {
  const account = useQuery(accountQueries.detail(customerId));
  const promotion = useQuery(promotionQueries.detail(promotionId));
  const { user } = useRepUser();
  const [params] = useSearchParams();
  const [now] = useState(() => Date.now());
  usePageFrame(titleFromData(account.data?.name, account.isPending, 'Customer'), { showBack: true });
  useCustomerViewAudit('customer_promotion_view', account.data ?? undefined, user?.email);

  // A refresh that fails (back online but the server out of reach) keeps the customer on screen,
  // whether loaded before or kept on the device: the error shows only when there is nothing to show.
  const gate = queryGate(
    { account, promotion },
    { failedTitle: 'This customer could not be loaded', keepShown: true },
  );
  if (!gate.ready) return gate.element;
  const { account: customer, promotion: shown } = gate.data;
  if (!customer || !shown) {
    return (
      <Notice title={customer ? 'Promotion not found' : 'Customer not found'}>
        <p>Go back to the customer list and choose another.</p>
      </Notice>
    );
  }
  return (
    <CustomerPromotionSummary
      account={customer}
      promotion={shown}
      accountHref={accountSearch(params, customerId)}
      now={now}
    />
  );
}
