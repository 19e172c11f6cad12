import type { Session } from '@promo/domain/types';
import type { QueryClient } from '@promo/domain/query';
import { withinTime } from './within-time';
import { offlineStore } from './offline-store';
import { createQueryPersister, type QueryPersister } from './query-persister';

let persister: QueryPersister | undefined;

/** The first render never waits longer than this for the offline store (a stuck IndexedDB, say). */
export const RESTORE_TIMEOUT_MS = 2000;

/**
 * The app's persisted query cache: restores the last-fetched data of the cached session's user
 * before the first render (so an offline start shows it at once), then keeps it up to date.
 */
export async function startQueryPersistence(
  queryClient: QueryClient,
  cachedSession: Session | undefined,
): Promise<void> {
  persister = createQueryPersister({ queryClient, store: offlineStore });
  const restoring = persister.restore(cachedSession).catch((error: unknown) => {
    console.warn('The offline copy of your data could not be read.', error);
    return false;
  });
  const restored = await withinTime(restoring, RESTORE_TIMEOUT_MS);
  // Online, the restored copy is shown at once but counts as stale, so every screen refetches it:
  // it may predate a change saved just before the last page close.
  if (restored && navigator.onLine) void queryClient.invalidateQueries({ refetchType: 'none' });
  persister.subscribe();
  // A save still pending when the tab is hidden or closed would be lost. A closing page cannot
  // finish an IndexedDB write, so pagehide writes the copy at once (saveBeforeUnload); a phone may
  // discard a hidden tab without a pagehide, so the copy is written when the page is hidden too.
  window.addEventListener('pagehide', () => persister?.saveBeforeUnload());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void persister?.flush();
  });
}

/** Logout: forget the persisted queries (the offline store is cleared as well). */
export async function discardPersistedQueries(): Promise<void> {
  await persister?.discard();
}
