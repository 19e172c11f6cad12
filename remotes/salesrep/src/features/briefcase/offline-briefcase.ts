import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import { http } from '@promo/domain/http/http-client';
import { queueAuditEvent, queuedAuditEvents, sendQueuedAuditEvents } from '@promo/domain/rep/audit-queue';
import { readBriefcase } from '@promo/domain/rep/briefcase-download';
import { indexKeptCustomers, searchKeptCustomers } from '@promo/domain/rep/kept-customer-search.rules';
import { briefcaseStorage } from './briefcase-storage';

/**
 * What the rep's screens need of the briefcase only offline, or once back online with views to
 * send (docs/decisions/047-rep-briefcase.md): a chunk of its own, so the customer table and the
 * customer's view carry none of it until then.
 */

/** The kept customers, indexed for the offline table, with its search; null when nothing is kept. */
export async function readKept() {
  const read = await readBriefcase(briefcaseStorage());
  if (!read) return null;
  const { kept, accounts } = read;
  return {
    asAt: kept.asAt,
    index: indexKeptCustomers({ accounts, promotions: kept.promotions }),
    search: searchKeptCustomers,
  };
}

export const queueView = (event: AuditEvent) => queueAuditEvent(briefcaseStorage(), event);

/** Sends the queued views, oldest first; answers how many are still to send. */
export async function sendQueuedViews(): Promise<number> {
  const storage = briefcaseStorage();
  await sendQueuedAuditEvents(storage, (event) => http.post('/audit/log', event));
  return (await queuedAuditEvents(storage)).length;
}
