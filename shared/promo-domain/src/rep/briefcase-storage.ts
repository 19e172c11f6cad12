import { BRIEFCASE_STORE_NAME, type BriefcaseStorage } from './briefcase-download';

const STORE = 'keyval';

/** Each factory's open database: opened once, and again after a failed open. */
const databases = new WeakMap<IDBFactory, Promise<IDBDatabase>>();

/** The briefcase's database; its layout is idb-keyval's, which the shell clears it with. */
function database(factory: IDBFactory): Promise<IDBDatabase> {
  const known = databases.get(factory);
  if (known) return known;
  const opening = new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(BRIEFCASE_STORE_NAME);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => {
      const db = request.result;
      // Sign-out deletes the database (shell/src/offline/forget-briefcase.ts): let it.
      db.onversionchange = () => {
        db.close();
        databases.delete(factory);
      };
      resolve(db);
    };
    request.onerror = () => reject(request.error ?? new Error('The briefcase could not be opened.'));
  }).catch((error: unknown) => {
    databases.delete(factory);
    throw error;
  });
  databases.set(factory, opening);
  return opening;
}

/** One request in its own transaction, settled when the transaction is: a full device fails the write. */
async function run<T>(
  factory: IDBFactory,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest,
): Promise<T> {
  const db = await database(factory);
  return new Promise<T>((resolve, reject) => {
    const transaction = db.transaction(STORE, mode);
    const request = act(transaction.objectStore(STORE));
    transaction.oncomplete = () => resolve(request.result as T);
    transaction.onabort = () => reject(transaction.error ?? request.error ?? new Error('Aborted.'));
    transaction.onerror = () => reject(transaction.error ?? request.error ?? new Error('Failed.'));
  });
}

/**
 * The briefcase on this device (docs/decisions/047-rep-briefcase.md), in IndexedDB: a device out
 * of space fails the write with QuotaExceededError, which the download reports.
 */
export function briefcaseStorage(factory: IDBFactory | undefined = globalThis.indexedDB): BriefcaseStorage {
  // Without IndexedDB (some private modes) nothing is kept: reads find nothing, writes are refused.
  if (!factory) {
    const refused = () => Promise.reject(new Error('This browser keeps nothing for offline use.'));
    return { get: () => Promise.resolve(undefined), set: refused, del: refused };
  }
  return {
    get: <T>(key: string) => run<T | undefined>(factory, 'readonly', (store) => store.get(key)),
    set: (key, value) =>
      run<unknown>(factory, 'readwrite', (store) => store.put(value, key)).then(() => undefined),
    del: (key) => run<unknown>(factory, 'readwrite', (store) => store.delete(key)).then(() => undefined),
  };
}
