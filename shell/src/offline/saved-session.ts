import type { Session } from '@promo/domain/types';
import { isControlledByWorker } from '../runtime-config/runtime-config';

/**
 * The session saved on this device (the offline store's SESSION_KEY), for the session check
 * (configureSessionCache) and a return visit's start (early-loading.ts). The offline store and
 * IndexedDB's wrapper download only when a session is read or saved: a first visit to the sign-in
 * page, anonymous, saves nothing and so never downloads them.
 */
const store = () => import('./offline-store');

export async function readSavedSession(): Promise<Session | undefined> {
  const { offlineStore, SESSION_KEY } = await store();
  return offlineStore.get<Session>(SESSION_KEY);
}

/**
 * Saves a signed-in session, or forgets the saved one (undefined). Forgetting needs the store only
 * where a later start could resume from it: a page the service worker answers. Elsewhere (a first
 * visit, a browser without the worker) no start resumes a saved session, and the next anonymous
 * check under the worker, or signing out, removes it.
 */
export async function saveSession(session: Session | undefined): Promise<void> {
  if (!session && !isControlledByWorker()) return;
  const { offlineStore, SESSION_KEY } = await store();
  await (session ? offlineStore.set(SESSION_KEY, session) : offlineStore.del(SESSION_KEY));
}
