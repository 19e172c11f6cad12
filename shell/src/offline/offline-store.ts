import { clear, createStore, del, get, set, type UseStore } from 'idb-keyval';
import { withinTime } from './within-time';

/** The offline store's name (docs/product-rules.md, 'Offline copy'). */
export const OFFLINE_STORE_NAME = 'promotion-pwa';

/** The offline store's key for the last known session (configureSessionCache in bootstrap.tsx). */
export const SESSION_KEY = 'session';

export interface OfflineStore {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
  clear(): Promise<void>;
}

/** localStorage under a name prefix: the fallback where IndexedDB is missing or refuses (private modes). */
export function createLocalStorageStore(storage: Storage, name = OFFLINE_STORE_NAME): OfflineStore {
  const prefix = `${name}:`;
  return {
    get: <T>(key: string) => {
      const raw = storage.getItem(prefix + key);
      return Promise.resolve(raw === null ? undefined : (JSON.parse(raw) as T));
    },
    set: (key, value) => Promise.resolve(storage.setItem(prefix + key, JSON.stringify(value))),
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
 * unanswered after `timeoutMs`, switches the store to localStorage for the rest of the page's life,
 * so a value is never half in each.
 */
export function createOfflineStore(
  options: { name?: string; indexedDB?: IDBFactory | undefined; storage?: Storage; timeoutMs?: number } = {},
): OfflineStore {
  const name = options.name ?? OFFLINE_STORE_NAME;
  const timeoutMs = options.timeoutMs ?? INDEXED_DB_TIMEOUT_MS;
  const fallback = createLocalStorageStore(options.storage ?? globalThis.localStorage, name);
  const factory = 'indexedDB' in options ? options.indexedDB : globalThis.indexedDB;
  const hasIndexedDB = factory !== undefined;
  let idb: UseStore | undefined;
  let useFallback = !hasIndexedDB;

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
    get: <T>(key: string) =>
      attempt(
        (store) => get<T>(key, store),
        () => fallback.get<T>(key),
      ),
    set: (key, value) =>
      attempt(
        (store) => set(key, value, store),
        () => fallback.set(key, value),
      ),
    del: (key) =>
      attempt(
        (store) => del(key, store),
        () => fallback.del(key),
      ),
    // Clearing must reach both, in case an earlier page life wrote to the fallback.
    clear: async () => {
      await fallback.clear();
      await attempt(
        (store) => clear(store),
        () => Promise.resolve(),
      );
    },
  };
}

export const offlineStore = createOfflineStore();
