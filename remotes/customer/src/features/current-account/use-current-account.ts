import { accountQueries } from '@promo/domain/account';
import { sessionQueries } from '@promo/domain/session';
import { useQuery } from '@tanstack/react-query';

/** The signed-in customer's account; account data is fetched only for customers (spec §6). */
export function useCurrentAccount() {
  const { data: session } = useQuery(sessionQueries.current());
  const accountId = session?.role === 'customer' ? session.accountid : undefined;
  const account = useQuery({ ...accountQueries.detail(accountId ?? ''), enabled: accountId !== undefined });
  return { accountId, account };
}
