import type { Page } from '@playwright/test';

/** The offline store's name (spec §9) and its idb-keyval object store. */
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

/**
 * The keys in the offline store: the IndexedDB database (without creating it when it is missing)
 * and the localStorage fallback.
 */
export function offlineStoreKeys(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const keys: string[] = Object.keys(localStorage).filter((key) => key.startsWith(`${name}:`));
    const exists = (await indexedDB.databases()).some((db) => db.name === name);
    if (!exists) return keys;
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('keyval')) return keys;
      const stored = await new Promise<IDBValidKey[]>((resolve, reject) => {
        const request = db.transaction('keyval').objectStore('keyval').getAllKeys();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
      });
      return [...keys, ...stored.map(String)];
    } finally {
      db.close();
    }
  }, OFFLINE_STORE);
}

/**
 * The query keys in the offline store's persisted query cache ('query-cache'), JSON-encoded: the
 * data the app can show offline. The store is written throttled, after the queries it holds settle.
 */
export function persistedQueryKeys(page: Page): Promise<string[]> {
  return page.evaluate(async (name) => {
    const exists = (await indexedDB.databases()).some((db) => db.name === name);
    if (!exists) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const request = indexedDB.open(name);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB open failed'));
    });
    try {
      if (!db.objectStoreNames.contains('keyval')) return [];
      const persisted = await new Promise<unknown>((resolve, reject) => {
        const request = db.transaction('keyval').objectStore('keyval').get('query-cache');
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error ?? new Error('IndexedDB read failed'));
      });
      const queries = (persisted as { state?: { queries?: { queryKey: unknown }[] } } | undefined)?.state
        ?.queries;
      return (queries ?? []).map((query) => JSON.stringify(query.queryKey));
    } finally {
      db.close();
    }
  }, OFFLINE_STORE);
}
