import { accountQueries } from '@promo/domain/account/account.queries';
import { useSession } from '@promo/domain/session/session';
import { useQuery } from '@promo/domain/query';

/**
 * The signed-in customer's account; account data is fetched only for customers (docs/product-rules.md, 'Customer dashboard').
 *
 * `fresh` is for the screens that show progress and reward choices: the account they show may be
 * older than the server's (restored from the offline copy on a reload, or fetched minutes ago before
 * a choice saved elsewhere), so such a screen shows it at once and refreshes it as it mounts. It
 * counts the account as stale rather than refetching it always, so the shell's hold on a return
 * visit's first screen applies (shell/src/query-client/query-runtime.ts).
 */
export function useCurrentAccount(options: { fresh?: boolean } = {}) {
  const session = useSession();
  const accountId = session.role === 'customer' ? session.accountid : undefined;
  const account = useQuery({
    ...accountQueries.detail(accountId ?? ''),
    enabled: accountId !== undefined,
    ...(options.fresh ? { staleTime: 0 } : {}),
  });
  return { accountId, account };
}
