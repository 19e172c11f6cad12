import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import { NetworkError } from '@promo/domain/http/http-client';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { queryKeys } from '@promo/domain/query-keys';
import { queueAuditEvent, sendQueuedViews as sendQueuedAuditViews } from '@promo/domain/rep/audit-queue';
import { readBriefcase } from '@promo/domain/rep/briefcase-download';
import { markBriefcase } from '@promo/domain/rep/briefcase-marker';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';
import { indexKeptCustomers, searchKeptCustomers } from '@promo/domain/rep/kept-customer-search.rules';
import { repQueries } from '@promo/domain/rep/rep.queries';
import type { AccountSearchRequest } from '@promo/domain/types';
import type { Query, QueryClient, QueryKey } from '@promo/domain/query';

/**
 * What the rep's screens need of the briefcase only offline (docs/decisions/047-rep-briefcase.md):
 * a chunk of its own, loaded by the promotion page once it is offline (attachOffline) and by the
 * briefcase's upkeep (briefcase-upkeep.ts); the customer table and the customer's view carry none
 * of it. Once loaded, it sends the views queued offline whenever the device is online.
 */

/** The kept customers, indexed for the offline table, with its search; null when nothing is kept. */
async function readKept() {
  const read = await readBriefcase(briefcaseStorage());
  if (!read) return null;
  const { kept, accounts } = read;
  return {
    asAt: kept.asAt,
    index: indexKeptCustomers({ accounts, promotions: kept.promotions }),
    search: searchKeptCustomers,
  };
}

type OfflineKept = NonNullable<Awaited<ReturnType<typeof readKept>>>;

/**
 * Answers a screen's query from the kept briefcase when it has nothing on the device, dated when
 * the briefcase was kept so the offline notice says "as at" that time. A request already on its
 * way (the query client may not know yet that the device is offline) is stopped first: its failure
 * would otherwise replace the answer with an error.
 */
async function answerOffline<T>(
  client: QueryClient,
  queryKey: QueryKey,
  answer: (kept: OfflineKept, now: number) => T | undefined,
): Promise<void> {
  const kept = await client.fetchQuery({
    // Under briefcaseQueries.all(), which a download refreshes.
    queryKey: ['briefcase', 'customers'],
    queryFn: readKept,
    staleTime: Infinity,
    networkMode: 'always',
  });
  if (!kept || client.getQueryData(queryKey) !== undefined) return;
  const found = answer(kept, Date.now());
  if (found === undefined) return;
  await client.cancelQueries({ queryKey, exact: true });
  client.setQueryData(queryKey, found, { updatedAt: kept.asAt });
}

const queueView = (event: AuditEvent) =>
  queueAuditEvent(briefcaseStorage(), event)
    .then(() => markBriefcase({ viewsQueued: true }))
    .catch((error: unknown) => console.error('The audit event could not be kept for later.', error));

const startsWith = (key: QueryKey, prefix: readonly unknown[]) =>
  prefix.every((part, index) => key[index] === part);

/** How the kept customers answer a query of the rep's screens, by its key; undefined for any other. */
function answerFor(key: QueryKey): ((kept: OfflineKept, now: number) => unknown) | undefined {
  const last = key.at(-1);
  if (startsWith(key, repQueries.customers({}).queryKey.slice(0, 2)))
    return (kept, now) => kept.search(kept.index, last as AccountSearchRequest, now);
  if (startsWith(key, repQueries.summary({}).queryKey.slice(0, 2)))
    return (kept, now) => {
      const { total, summary } = kept.search(kept.index, last as AccountSearchRequest, now);
      return summary && { total, bands: summary.bands, branches: [] };
    };
  if (startsWith(key, repQueries.counts('', []).queryKey.slice(0, 2)))
    return (kept, now) => {
      const [promotionId, branchID] = key.slice(2) as [string, string[]];
      const total = (filters: AccountSearchRequest['filters']) =>
        kept.search(kept.index, { totalOnly: true, filters: { ...filters, branchID } }, now).total;
      return { joined: total({ enrolledIn: promotionId }), targeted: total({ hasTargetsFor: promotionId }) };
    };
  if (startsWith(key, queryKeys.accountDetails()))
    return (kept) => kept.index.kept.accounts.find((account) => account.id === last);
  if (startsWith(key, promotionQueries.current().queryKey)) return (kept) => kept.index.kept.promotions;
  if (startsWith(key, promotionQueries.detail('').queryKey.slice(0, 2)))
    return (kept) => kept.index.kept.promotions.find((promotion) => promotion.id === last);
  return undefined;
}

const attached = new WeakSet<QueryClient>();

/**
 * Offline, every query of the dashboard (its promotions and their counts), the customer table, its
 * pace bands and the customer's view that has nothing on the device is answered from the kept
 * briefcase as the screen asks for it; and a view's
 * audit event that the connection refused is queued, to be sent once back online.
 */
export function attachOffline(client: QueryClient): void {
  if (attached.has(client)) return;
  attached.add(client);
  const answer = (query: Pick<Query, 'queryKey'> & { state: { data?: unknown } }) => {
    const how = answerFor(query.queryKey);
    if (navigator.onLine || query.state.data !== undefined || !how) return;
    answerOffline(client, query.queryKey, how).catch((error: unknown) =>
      console.error('The kept customers could not be read.', error),
    );
  };
  client.getQueryCache().getAll().forEach(answer);
  client.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'observerAdded') answer(event.query);
  });
  client.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    const { mutation } = event;
    if (mutation.options.mutationKey?.[0] === 'audit' && event.action.error instanceof NetworkError)
      void queueView(mutation.state.variables as AuditEvent);
  });
}

let sending: Promise<void> | undefined;

/**
 * Sends the queued views, oldest first: one sender in this page (a send asked for while one runs
 * joins it; the running one reads the queue until it is empty) and one across tabs where the
 * browser can say so, so no view is sent twice.
 */
export function sendQueuedViews(): Promise<void> {
  const send = () => sendQueuedAuditViews(briefcaseStorage());
  if (sending) return sending;
  const started = (navigator.locks ? navigator.locks.request('ezy-audit-queue', send) : send())
    .then(() => undefined)
    .catch((error: unknown) => console.error('The queued audit events could not be sent.', error))
    .finally(() => {
      sending = undefined;
    });
  sending = started;
  return started;
}

// Back online, on whichever page loaded this: the queued views are sent, and kept customers due a
// refresh are refreshed (briefcase-upkeep.ts).
window.addEventListener('online', () => {
  import(/* webpackChunkName: "briefcase-offline" */ './briefcase-upkeep')
    .then((upkeep) => upkeep.lookAfterBriefcase())
    .catch((error: unknown) => console.error('The kept customers could not be looked after.', error));
});
if (navigator.onLine) void sendQueuedViews();
