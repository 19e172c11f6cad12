import { accountQueries } from '@promo/domain/account';
import { errorMessage } from '@promo/domain/http';
import { promotionQueries } from '@promo/domain/promotion';
import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from '@promo/ui/router';
import { useCustomerViewAudit } from '../../features/customer-audit/use-customer-view-audit';
import { CustomerPromotionSummary } from '../../features/customer-promotion/customer-promotion-summary';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { accountSearch } from './promotion-links';

/** docs/product-rules.md, 'Rep view of a customer' (?customer=…); each view writes an audit event. */
export function CustomerView({ promotionId, customerId }: { promotionId: string; customerId: string }) {
  const account = useQuery(accountQueries.detail(customerId));
  const promotion = useQuery(promotionQueries.detail(promotionId));
  const { user } = useRepUser();
  const [params] = useSearchParams();
  const [now] = useState(() => Date.now());
  usePageFrame(account.data?.name ?? 'Customer', { showBack: true });
  useCustomerViewAudit('customer_promotion_view', account.data ?? undefined, user?.email);

  if (account.isPending || promotion.isPending) return <Spinner />;
  if (account.isError || promotion.isError) {
    return (
      <Notice tone="error" title="This customer could not be loaded">
        <p>{errorMessage(account.error ?? promotion.error, 'Check your connection and try again.')}</p>
        <Button onClick={() => void Promise.all([account.refetch(), promotion.refetch()])}>Try again</Button>
      </Notice>
    );
  }
  if (!account.data || !promotion.data) {
    return (
      <Notice title={account.data ? 'Promotion not found' : 'Customer not found'}>
        <p>Go back to the customer list and choose another.</p>
      </Notice>
    );
  }
  return (
    <CustomerPromotionSummary
      account={account.data}
      promotion={promotion.data}
      accountHref={accountSearch(params, customerId)}
      now={now}
    />
  );
}
