import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import { readStored, writeStored } from '@promo/domain/device-storage';
import { useOnline } from '@promo/ui/online-status';
import { useEffect } from 'react';

/**
 * Set while views made offline wait to be sent: a customer's view online loads the sender only
 * then, not on every visit.
 */
const QUEUED_KEY = 'ezy-briefcase-views-queued';

const offlineBriefcase = () => import('./offline-briefcase');

/** One sender at a time across the app's tabs, where the browser can say so (Web Locks). */
function oneAtATime(run: () => Promise<unknown>): Promise<unknown> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('ezy-audit-queue', run) : run();
}

/** Keeps a view made offline for sending later (@promo/domain/rep/audit-queue). */
export function queueOfflineView(event: AuditEvent): void {
  writeStored('local', QUEUED_KEY, '1');
  offlineBriefcase()
    .then((offline) => offline.queueView(event))
    .catch((error: unknown) => console.error('The audit event could not be kept for later.', error));
}

/** Sends the views made offline as soon as the screen is open online, and again on each return online. */
export function useSendQueuedViews(): void {
  const online = useOnline();
  useEffect(() => {
    if (!online || readStored('local', QUEUED_KEY) === null) return;
    oneAtATime(async () => {
      const left = await (await offlineBriefcase()).sendQueuedViews();
      if (left === 0) writeStored('local', QUEUED_KEY, undefined);
    }).catch((error: unknown) => console.error('The queued audit events could not be sent.', error));
  }, [online]);
}
