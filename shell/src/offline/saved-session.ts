import { readStoredJson, writeStoredJson } from '@promo/domain/device-storage';
import type { Session } from '@promo/domain/types';
import { isControlledByWorker } from '../runtime-config/runtime-config';
import { localStorageKey, SESSION_KEY } from './offline-store-names';

/**
 * The session saved on this device, for the session check (configureSessionCache) and a return
 * visit's start (early-loading.ts). It is kept in localStorage, under the offline store's prefix
 * (clearing the store on sign-out clears it): a return visit picks the page's remote by the saved
 * role, and localStorage answers at once, where IndexedDB's first read on a page took 300-400 ms
 * with the CPU slowed 4x and held the remote's download back that long
 * (docs/decisions/009-offline-and-updates.md). The offline store (IndexedDB) is downloaded only
 * where localStorage refuses a save, or to remove a copy an earlier version saved there.
 */
const store = () => import('./offline-store');
const KEY = localStorageKey(SESSION_KEY);

/** The session saved in localStorage, read at once: what a return visit may start with (early-loading.ts). */
export const savedSessionNow = () => readStoredJson<Session>('local', KEY);

/**
 * The saved session, for the session check's offline answer and the offline copy's owner. A copy
 * an earlier version of the app kept in IndexedDB is not read: reading it downloaded the offline
 * store whenever no session was saved yet (a first visit's restore), which made the JavaScript a
 * route downloads depend on timing. The next online check saves the session here.
 */
export const readSavedSession = (): Promise<Session | undefined> => Promise.resolve(savedSessionNow());

/**
 * Saves a signed-in session, or forgets the saved one (undefined). Forgetting needs the offline
 * store only where a later start could resume from a copy in it: a page the service worker answers.
 * Elsewhere (a first visit, a browser without the worker) no start resumes a saved session, and
 * the next anonymous check under the worker, or signing out, removes it.
 */
export async function saveSession(session: Session | undefined): Promise<void> {
  // Where localStorage refuses (disabled, or full), the offline store keeps it, in IndexedDB.
  if (writeStoredJson('local', KEY, session) && (session || !isControlledByWorker())) return;
  const { offlineStore } = await store();
  await (session ? offlineStore.set(SESSION_KEY, session) : offlineStore.del(SESSION_KEY));
}
