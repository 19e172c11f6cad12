import type { Page } from '@playwright/test';

/** The offline store's name (docs/product-rules.md, 'Offline copy') and its idb-keyval object store. */
const OFFLINE_STORE = 'promotion-pwa';

/** Waits until a service worker controls the page; returns its registration's scope. */
export async function serviceWorkerScope(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
}

/** Every cache in Cache Storage with the URLs it holds. */
export function cacheContents(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const contents: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      contents[name] = (await cache.keys()).map((request) => request.url);
    }
    return contents;
  });
}

export async function cachedUrls(page: Page): Promise<string[]> {
  return Object.values(await cacheContents(page)).flat();
}

interface OfflineStoreContents {
  /**
   * Every key: the IndexedDB database's (without creating it when it is missing) and those kept in
   * localStorage under the store's prefix (the session, and the fallback's), without the prefix.
   */
  keys: string[];
  /** The query keys in the persisted query cache ('query-cache'), JSON-encoded: what the app can show offline. */
  persistedQueryKeys: string[];
}

function offlineStoreContents(page: Page): Promise<OfflineStoreContents> {
  return page.evaluate(async (name) => {
    const keys: string[] = Object.keys(localStorage)
      .filter((key) => key.startsWith(`${name}:`))
      .map((key) => key.slice(name.length + 1));
    const exists = (await indexedDB.databases()).some((db) => db.name === name);
    if (!exists) return { keys, persistedQueryKeys: [] };
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });
    const read = <T>(request: () => IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        const pending = request();
        pending.onsuccess = () => resolve(pending.result);
        pending.onerror = () => reject(pending.error ?? new Error('IndexedDB read failed'));
      });
    try {
      if (!db.objectStoreNames.contains('keyval')) return { keys, persistedQueryKeys: [] };
      const store = () => db.transaction('keyval').objectStore('keyval');
      const stored = await read(() => store().getAllKeys());
      const persisted = (await read(() => store().get('query-cache'))) as
        { clientState?: { queries?: { queryKey: unknown }[] } } | undefined;
      return {
        keys: [...keys, ...stored.map(String)],
        persistedQueryKeys: (persisted?.clientState?.queries ?? []).map((query) =>
          JSON.stringify(query.queryKey),
        ),
      };
    } finally {
      db.close();
    }
  }, OFFLINE_STORE);
}

/** The keys in the offline store (IndexedDB, and localStorage under its prefix). */
export async function offlineStoreKeys(page: Page): Promise<string[]> {
  return (await offlineStoreContents(page)).keys;
}

/** The query keys the persisted query cache holds; it is written throttled, after its queries settle. */
export async function persistedQueryKeys(page: Page): Promise<string[]> {
  return (await offlineStoreContents(page)).persistedQueryKeys;
}
