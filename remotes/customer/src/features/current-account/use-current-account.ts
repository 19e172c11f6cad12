import { accountQueries } from '@promo/domain/account';
import { useSession } from '@promo/domain/session';
import { useQuery } from '@tanstack/react-query';

/**
 * The signed-in customer's account; account data is fetched only for customers (docs/product-rules.md, 'Customer dashboard').
 *
 * `refetchOnMount: 'always'` is for the screens that show progress and reward choices: the shell
 * restores the account from its offline copy on a reload, and that copy may be older than the
 * server's (a choice saved moments before), so such a screen shows it at once and then refreshes it.
 */
export function useCurrentAccount(options: { refetchOnMount?: 'always' } = {}) {
  const session = useSession();
  const accountId = session.role === 'customer' ? session.accountid : undefined;
  const account = useQuery({
    ...accountQueries.detail(accountId ?? ''),
    enabled: accountId !== undefined,
    ...(options.refetchOnMount ? { refetchOnMount: options.refetchOnMount } : {}),
  });
  return { accountId, account };
}
