import { BRIEFCASE_STORE_NAME } from '@promo/domain/rep/briefcase-download';

/**
 * Sign-out deletes the rep's briefcase (docs/decisions/047-rep-briefcase.md) with the rest of the
 * user's data: its whole database, so nothing of it, not even an empty store, outlives the user. A
 * page holding it open closes it when asked (shared/promo-domain/src/rep/briefcase-storage.ts).
 */
export function forgetBriefcase(factory: IDBFactory | undefined = globalThis.indexedDB): Promise<void> {
  if (!factory) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const request = factory.deleteDatabase(BRIEFCASE_STORE_NAME);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error ?? new Error('The briefcase could not be deleted.'));
  });
}
