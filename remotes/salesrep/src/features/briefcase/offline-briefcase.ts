import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import { http } from '@promo/domain/http/http-client';
import { queueAuditEvent, sendQueuedAuditEvents } from '@promo/domain/rep/audit-queue';
import { readBriefcase } from '@promo/domain/rep/briefcase-download';
import { indexKeptCustomers, searchKeptCustomers } from '@promo/domain/rep/kept-customer-search.rules';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { briefcaseStorage } from './briefcase-storage';

/**
 * What the rep's screens need of the briefcase only offline (docs/decisions/047-rep-briefcase.md):
 * a chunk of its own, loaded by the first screen that is offline or loses a view's audit event to
 * the connection, or by the briefcase panel; the customer table and the customer's view carry none
 * of it until then. Once loaded, it sends the views queued offline whenever the device is online.
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

export type OfflineKept = NonNullable<Awaited<ReturnType<typeof readKept>>>;

/**
 * Answers a screen's query from the kept briefcase when it has nothing on the device, dated when
 * the briefcase was kept so the offline notice says "as at" that time. A request already on its
 * way (the query client may not know yet that the device is offline) is stopped first: its failure
 * would otherwise replace the answer with an error.
 */
export async function answerOffline<T>(
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

export const queueView = (event: AuditEvent) => queueAuditEvent(briefcaseStorage(), event);

/** Sends the queued views, oldest first, one sender at a time across tabs where the browser can say so. */
function sendQueuedViews(): void {
  const send = () => sendQueuedAuditEvents(briefcaseStorage(), (event) => http.post('/audit/log', event));
  (navigator.locks ? navigator.locks.request('ezy-audit-queue', send) : send()).catch((error: unknown) =>
    console.error('The queued audit events could not be sent.', error),
  );
}

window.addEventListener('online', sendQueuedViews);
if (navigator.onLine) sendQueuedViews();
