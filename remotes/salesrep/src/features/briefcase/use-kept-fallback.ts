import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import type { Promotion } from '@promo/domain/types';
import { useOnline } from '@promo/ui/online-status';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OfflineKept } from './offline-briefcase';

const offlineBriefcase = () => import('./offline-briefcase');

/**
 * Offline, a screen's query that has nothing on the device is answered from the kept briefcase
 * (docs/decisions/047-rep-briefcase.md; answerOffline in offline-briefcase.ts): `answer` reads the
 * kept customers, and `now` dates what it measures, as the server's clock would. Online nothing
 * changes, and nothing of the briefcase is loaded.
 */
export function useKeptFallback<T>(
  queryKey: QueryKey,
  answer: ((kept: OfflineKept, now: number) => T | undefined) | null,
): void {
  const online = useOnline();
  const client = useQueryClient();
  useEffect(() => {
    if (online || !answer) return;
    offlineBriefcase()
      .then((offline) => offline.answerOffline(client, queryKey, answer))
      .catch((error: unknown) => console.error('The kept customers could not be read.', error));
  }, [online, client, queryKey, answer]);
}

/** A kept customer's account, as GET /account/get answers it; undefined when not kept. */
export const keptAccount = (id: string) => (kept: OfflineKept) =>
  kept.index.kept.accounts.find((account) => account.id === id);

/** A kept promotion, as the promotion's detail query answers it; undefined when not kept. */
export const keptPromotion = (id: string) => (kept: OfflineKept) =>
  kept.index.kept.promotions.find((promotion) => promotion.id === id) as Promotion | undefined;

/** Keeps a view made offline, sent once back online (@promo/domain/rep/audit-queue). */
export function queueOfflineView(event: AuditEvent): void {
  offlineBriefcase()
    .then((offline) => offline.queueView(event))
    .catch((error: unknown) => console.error('The audit event could not be kept for later.', error));
}
