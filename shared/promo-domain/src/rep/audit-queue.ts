import type { AuditEvent } from '../api/audit-event.schema';
import { ApiError, http } from '@promo/domain/http/http-client';
import { currentSession } from '@promo/domain/session/session';
import { readStored, readStoredJson, writeStoredJson } from '../device-storage';
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
 * Sends this device's queued views to POST /audit/log (sendQueuedAuditEvents), and those a
 * sign-out held for the signed-in rep, then notes whether any still wait (briefcase-marker.ts).
 * Used by the rep's pages once online.
 */
export async function sendQueuedViews(storage: BriefcaseStorage): Promise<void> {
  await sendQueuedAuditEvents(storage, postView);
  const user = currentSession.get().session?.user?.email;
  if (user) await sendHeldViews(user);
  markBriefcase({ viewsQueued: (await queuedAuditEvents(storage)).length > 0 || viewsHeld() });
}

const postView = (event: AuditEvent) => http.post('/audit/log', event);

/**
 * Where a sign-out keeps the views it could not send: deliberately outside the user's prefix
 * (device-storage.ts), so that signing out offline loses no audit event. They wait there until
 * their rep is signed in online on this device again.
 */
const HELD_VIEWS_KEY = 'ezy-views-held';

/** Whether views held at a sign-out wait to be sent. */
export const viewsHeld = (): boolean => readStored('local', HELD_VIEWS_KEY) !== null;

const readHeld = () => readStoredJson<AuditEvent[]>('local', HELD_VIEWS_KEY) ?? [];
const writeHeld = (events: readonly AuditEvent[]) =>
  writeStoredJson('local', HELD_VIEWS_KEY, events.length > 0 ? events : undefined);

/**
 * Sign-out moves the views still queued out of the briefcase it deletes, to be held apart
 * (HELD_VIEWS_KEY), each naming its rep, so a sign-out made offline loses none of them.
 */
export async function holdQueuedViews(storage: BriefcaseStorage): Promise<void> {
  const events = await queuedAuditEvents(storage);
  if (events.length === 0) return;
  writeHeld([...readHeld(), ...events]);
  await storage.del(QUEUE_KEY);
}

/**
 * The views held for `user` as a queue, for sendQueuedAuditEvents: they go under that rep's
 * session only (the server records who sent them), and the views of any other rep stay held.
 */
function heldViewsOf(user: string): BriefcaseStorage {
  const others = () => readHeld().filter((event) => event.data.user !== user);
  return {
    get: <T>() => Promise.resolve(readHeld().filter((event) => event.data.user === user) as T),
    set: (_key, events) => Promise.resolve(void writeHeld([...others(), ...(events as AuditEvent[])])),
    del: () => Promise.resolve(void writeHeld(others())),
  };
}

/** Sends the views a sign-out held for `user`, the signed-in rep, as the queue's are sent. */
export async function sendHeldViews(
  user: string,
  send: (event: AuditEvent) => Promise<unknown> = postView,
): Promise<void> {
  await sendQueuedAuditEvents(heldViewsOf(user), send);
}
