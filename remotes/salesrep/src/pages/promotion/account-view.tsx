import { accountQueries } from '@promo/domain/account/account.queries';
import { repQueries } from '@promo/domain/rep/rep.queries';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { useQuery } from '@promo/domain/query';
import { AccountDetails } from './account-details';
import { useCustomerViewAudit } from './use-customer-view-audit';
import { useRepUser } from '../../features/rep-user/use-rep-user';

/** docs/product-rules.md, 'Global Account Details' (?customer=…&view=account); a view of the customer, so audited. */
export function AccountView({ customerId }: { customerId: string }) {
  const account = useQuery(accountQueries.detail(customerId));
  const branches = useQuery(repQueries.branches());
  const { user } = useRepUser();
  usePageFrame('Global Account Details', { showBack: true });
  useCustomerViewAudit('customer_account_view', account.data ?? undefined, user?.email);

  // As the customer's view: a failed refresh keeps the account on screen.
  const gate = queryGate({ account }, { failedTitle: 'This account could not be loaded', keepShown: true });
  if (!gate.ready) return gate.element;
  if (!gate.data.account) {
    return (
      <Notice title="Customer not found">
        <p>Go back to the customer list and choose another.</p>
      </Notice>
    );
  }
  // Branch names are a nicety: without them the branch numbers still show.
  return <AccountDetails account={gate.data.account} branches={branches.data ?? []} />;
}
