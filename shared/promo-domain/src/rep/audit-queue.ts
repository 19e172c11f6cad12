import type { AuditEvent } from '../api/audit-event.schema';
import { ApiError, http } from '@promo/domain/http/http-client';
import { markBriefcase } from './briefcase-marker';
import type { BriefcaseStorage } from './briefcase-download';

/**
 * A rep's views of customers made offline (docs/decisions/047-rep-briefcase.md): each audit event
 * is queued on the device, with the briefcase, and sent in order once the device is back online.
 * An event leaves the queue only once the server has it, or has refused it for good (a 4xx: sent
 * again it would be refused again); a dropped connection or a server error keeps it for next time.
 */

const QUEUE_KEY = 'audit:queue';

export async function queueAuditEvent(storage: BriefcaseStorage, event: AuditEvent): Promise<void> {
  const queued = (await storage.get<AuditEvent[]>(QUEUE_KEY)) ?? [];
  await storage.set(QUEUE_KEY, [...queued, event]);
}

/** The events still to send. */
export const queuedAuditEvents = async (storage: BriefcaseStorage) =>
  (await storage.get<AuditEvent[]>(QUEUE_KEY)) ?? [];

/**
 * Sends the queued events one at a time, oldest first, and answers how many left the queue. Events
 * queued meanwhile are sent too: the queue only grows at its end, so the one sent is always first.
 */
export async function sendQueuedAuditEvents(
  storage: BriefcaseStorage,
  send: (event: AuditEvent) => Promise<unknown>,
): Promise<number> {
  let sent = 0;
  for (;;) {
    const [first] = await queuedAuditEvents(storage);
    if (!first) return sent;
    try {
      await send(first);
    } catch (error) {
      if (!(error instanceof ApiError && error.status < 500)) return sent;
      console.error('A queued audit event was refused and is dropped.', error);
    }
    await storage.set(QUEUE_KEY, (await queuedAuditEvents(storage)).slice(1));
    sent += 1;
  }
}

/**
 * Sends this device's queued views to POST /audit/log (sendQueuedAuditEvents), then notes whether
 * any still wait (briefcase-marker.ts). Used by the rep's pages once online and by sign-out.
 */
export async function sendQueuedViews(storage: BriefcaseStorage): Promise<void> {
  await sendQueuedAuditEvents(storage, (event) => http.post('/audit/log', event));
  markBriefcase({ viewsQueued: (await queuedAuditEvents(storage)).length > 0 });
}
