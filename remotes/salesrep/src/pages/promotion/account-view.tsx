import { accountQueries } from '@promo/domain/account';
import { errorMessage } from '@promo/domain/http';
import { repQueries } from '@promo/domain/rep';
import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { AccountDetails } from '../../features/account-details/account-details';
import { useCustomerViewAudit } from '../../features/customer-audit/use-customer-view-audit';
import { useRepUser } from '../../features/rep-user/use-rep-user';

/** docs/product-rules.md, 'Global Account Details' (?customer=…&view=account); a view of the customer, so audited. */
export function AccountView({ customerId }: { customerId: string }) {
  const account = useQuery(accountQueries.detail(customerId));
  const branches = useQuery(repQueries.branches());
  const { user } = useRepUser();
  usePageFrame('Global Account Details', { showBack: true });
  useCustomerViewAudit('customer_account_view', account.data ?? undefined, user?.email);

  if (account.isPending) return <Spinner />;
  if (account.isError) {
    return (
      <Notice tone="error" title="This account could not be loaded">
        <p>{errorMessage(account.error, 'Check your connection and try again.')}</p>
        <Button onClick={() => void account.refetch()}>Try again</Button>
      </Notice>
    );
  }
  if (!account.data) {
    return (
      <Notice title="Customer not found">
        <p>Go back to the customer list and choose another.</p>
      </Notice>
    );
  }
  // Branch names are a nicety: without them the branch numbers still show.
  return <AccountDetails account={account.data} branches={branches.data ?? []} />;
}
