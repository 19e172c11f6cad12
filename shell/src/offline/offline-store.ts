import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { localStorageKey, OFFLINE_STORE_NAME } from './offline-store-names';
import { withinTime } from './within-time';

export interface OfflineStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  /**
   * Writes before returning, for a page that is going away (pagehide): what `get` answers on the
   * next page load. A write that fails (storage full) is reported and dropped.
   */
  setBeforeUnload(key: string, value: unknown): void;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** localStorage's own write, which is synchronous; a full or refusing storage is reported, not thrown. */
function writeNow(storage: Storage, storageKey: string, value: unknown): void {
  try {
    storage.setItem(storageKey, JSON.stringify(value));
  } catch (error) {
    console.warn('The offline store could not write before the page closed.', error);
  }
}

function readNow<T>(storage: Storage, storageKey: string): T | undefined {
  const raw = storage.getItem(storageKey);
  return raw === null ? undefined : (JSON.parse(raw) as T);
}

/** localStorage under a name prefix: the fallback where IndexedDB is missing or refuses (private modes). */
export function createLocalStorageStore(storage: Storage, name = OFFLINE_STORE_NAME): OfflineStore {
  const prefix = localStorageKey('', name);
  return {
    get: <T>(key: string) => Promise.resolve(readNow<T>(storage, prefix + key)),
    set: (key, value) => Promise.resolve(storage.setItem(prefix + key, JSON.stringify(value))),
    setBeforeUnload: (key, value) => writeNow(storage, prefix + key, value),
    del: (key) => Promise.resolve(storage.removeItem(prefix + key)),
    clear: () => {
      const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
        (key): key is string => key !== null && key.startsWith(prefix),
      );
      keys.forEach((key) => storage.removeItem(key));
      return Promise.resolve();
    },
  };
}

/**
 * How long an IndexedDB operation may take before the store treats it as failed. WebKit has been
 * seen to leave `indexedDB.open` unanswered after a few page loads under a service worker; the app
 * waits on this store (the session, the offline copy) before its first screen, which stayed on
 * "Loading…". An answer normally takes milliseconds.
 */
export const INDEXED_DB_TIMEOUT_MS = 3000;

/**
 * Indexed storage with a fallback to local storage: the first IndexedDB failure, or an operation
 * unanswered after `timeoutMs`, switches the store to localStorage for the rest of the page's life.
 *
 * A value reaches localStorage only when IndexedDB failed, or when the page is going away:
 * Chromium drops an IndexedDB transaction begun in pagehide together with the page
 * (docs/decisions/009-offline-and-updates.md, 'Writing as the page closes'), so `setBeforeUnload`
 * writes there. Either way the copy in localStorage is newer than IndexedDB's, so `get` answers it
 * first, on this page load or a later one, and a write that lands in IndexedDB removes it: a value
 * is never read from the older of the two.
 */
export function createOfflineStore(
  options: { name?: string; indexedDB?: IDBFactory | undefined; storage?: Storage; timeoutMs?: number } = {},
): OfflineStore {
  const name = options.name ?? OFFLINE_STORE_NAME;
  const timeoutMs = options.timeoutMs ?? INDEXED_DB_TIMEOUT_MS;
  const local = createLocalStorageStore(options.storage ?? globalThis.localStorage, name);
  const factory = 'indexedDB' in options ? options.indexedDB : globalThis.indexedDB;
  let idb: UseStore | undefined;
  let useFallback = factory === undefined;

  async function attempt<T>(run: (store: UseStore) => Promise<T>, orElse: () => Promise<T>): Promise<T> {
    if (useFallback) return orElse();
    try {
      idb ??= createStore(name, 'keyval');
      // Wrapped, so that an operation answering undefined is told apart from no answer.
      const answer = await withinTime(
        run(idb).then((value) => [value] as const),
        timeoutMs,
      );
      if (!answer) throw new Error('IndexedDB did not answer.');
      return answer[0];
    } catch (error) {
      console.warn('IndexedDB is unavailable; the offline store falls back to localStorage.', error);
      useFallback = true;
      return orElse();
    }
  }

  return {
    get: async <T>(key: string) =>
      (await local.get<T>(key)) ??
      attempt(
        (store) => get<T>(key, store),
        () => Promise.resolve(undefined),
      ),
    set: async (key, value) => {
      const inIndexedDB = await attempt(
        (store) => set(key, value, store).then(() => true),
        () => local.set(key, value).then(() => false),
      );
      if (inIndexedDB) await local.del(key);
    },
    setBeforeUnload: (key, value) => local.setBeforeUnload(key, value),
    del: async (key) => {
      await local.del(key);
      await attempt(
        (store) => del(key, store),
        () => Promise.resolve(),
      );
    },
    // Clearing must reach both, in case an earlier page life wrote to the fallback.
    clear: async () => {
      await local.clear();
      await attempt(
        (store) => clear(store),
        () => Promise.resolve(),
      );
    },
  };
}

export const offlineStore = createOfflineStore();
