import type { Promotion } from '@promo/domain/types';
import { useOnline } from '@promo/ui/online-status';
import { queryOptions, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/** The kept customers as the offline screens read them (offline-briefcase.ts, loaded when first offline). */
export type OfflineKept = NonNullable<Awaited<ReturnType<typeof import('./offline-briefcase').readKept>>>;

const keptCustomers = () =>
  queryOptions({
    // Under briefcaseQueries.all(), which a download refreshes; not imported, so that the screens
    // using this hook carry none of the panel's code.
    queryKey: ['briefcase', 'customers'] as const,
    queryFn: async () => (await import('./offline-briefcase')).readKept(),
    staleTime: Infinity,
    networkMode: 'always',
  });

/**
 * Offline, a screen's query that has nothing on the device is answered from the kept briefcase
 * (docs/decisions/047-rep-briefcase.md): `answer` reads the kept customers (`now` dates what it
 * measures, as the server's clock would), and the answer is dated when the briefcase was kept, so
 * the app's offline notice says "as at" that time. Online, or with an answer already on the
 * device, nothing changes. The briefcase is read only when offline.
 */
export function useKeptFallback<T>(
  queryKey: QueryKey,
  answer: ((kept: OfflineKept, now: number) => T | undefined) | null,
): void {
  const online = useOnline();
  const client = useQueryClient();
  const briefcase = useQuery({ ...keptCustomers(), enabled: !online });
  const data = briefcase.data;
  useEffect(() => {
    if (online || !data || !answer || client.getQueryData(queryKey) !== undefined) return;
    const found = answer(data, Date.now());
    if (found === undefined) return;
    // A request already on its way (the query client may not know yet that the device is offline)
    // is stopped first: its failure would otherwise replace the answer with an error.
    void client
      .cancelQueries({ queryKey, exact: true })
      .then(() => client.setQueryData(queryKey, found, { updatedAt: data.asAt }));
    // Once answered, the query has data: later runs stop at the check above.
  }, [online, data, answer, client, queryKey]);
}

/** A kept customer's account, as GET /account/get answers it; undefined when not kept. */
export const keptAccount = (id: string) => (kept: OfflineKept) =>
  kept.index.kept.accounts.find((account) => account.id === id);

/** A kept promotion, as the promotion's detail query answers it; undefined when not kept. */
export const keptPromotion = (id: string) => (kept: OfflineKept) =>
  kept.index.kept.promotions.find((promotion) => promotion.id === id) as Promotion | undefined;
