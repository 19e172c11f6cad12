import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import { http } from '@promo/domain/http/http-client';
import { queueAuditEvent, sendQueuedAuditEvents } from '@promo/domain/rep/audit-queue';
import { useOnline } from '@promo/ui/online-status';
import { useEffect } from 'react';
import { briefcaseStorage } from './briefcase-storage';

/** One sender at a time across the app's tabs, where the browser can say so (Web Locks). */
function oneAtATime(run: () => Promise<unknown>): Promise<unknown> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('ezy-audit-queue', run) : run();
}

/** Keeps a view made offline for sending later (@promo/domain/rep/audit-queue). */
export function queueOfflineView(event: AuditEvent): void {
  queueAuditEvent(briefcaseStorage(), event).catch((error: unknown) =>
    console.error('The audit event could not be kept for later.', error),
  );
}

/** Sends the views made offline as soon as the screen is open online, and again on each return online. */
export function useSendQueuedViews(): void {
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    oneAtATime(() =>
      sendQueuedAuditEvents(briefcaseStorage(), (event) => http.post('/audit/log', event)),
    ).catch((error: unknown) => console.error('The queued audit events could not be sent.', error));
  }, [online]);
}
