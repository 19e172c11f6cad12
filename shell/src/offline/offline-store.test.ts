import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorageStore, createOfflineStore } from './offline-store';

describe('createOfflineStore', () => {
  it('falls back to localStorage under the promotion-pwa name when IndexedDB is missing', async () => {
    localStorage.clear();
    const store = createOfflineStore({ indexedDB: undefined, storage: localStorage });
    await store.set('session', { role: 'customer' });
    expect(localStorage.getItem('promotion-pwa:session')).toBe('{"role":"customer"}');
    expect(await store.get('session')).toEqual({ role: 'customer' });
  });

  it('clears only its own keys', async () => {
    localStorage.clear();
    localStorage.setItem('other-app', 'keep');
    const store = createLocalStorageStore(localStorage);
    await store.set('a', 1);
    await store.set('b', 2);
    await store.clear();
    expect(await store.get('a')).toBeUndefined();
    expect(localStorage.getItem('other-app')).toBe('keep');
  });

  it('deletes a key', async () => {
    localStorage.clear();
    const store = createLocalStorageStore(localStorage);
    await store.set('a', 1);
    await store.del('a');
    expect(await store.get('a')).toBeUndefined();
  });
});

describe('createOfflineStore when IndexedDB refuses', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** Some private-browsing modes expose indexedDB but refuse to open a database. */
  function refusingIndexedDB() {
    const open = vi.fn(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    vi.stubGlobal('indexedDB', { open });
    return open;
  }

  it('falls back to localStorage on the first failure and keeps the value there', async () => {
    localStorage.clear();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const open = refusingIndexedDB();
    const store = createOfflineStore({ storage: localStorage });

    await store.set('session', { role: 'customer', userid: 'u1' });
    expect(localStorage.getItem('promotion-pwa:session')).toBe('{"role":"customer","userid":"u1"}');
    expect(await store.get('session')).toEqual({ role: 'customer', userid: 'u1' });
    expect(warn).toHaveBeenCalledTimes(1);
    // Once switched, it stays on localStorage for the page's life: a value is never half in each.
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('deletes and clears in the fallback as well', async () => {
    localStorage.clear();
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    refusingIndexedDB();
    const store = createOfflineStore({ storage: localStorage });
    await store.set('session', { role: 'customer' });
    await store.set('query-cache', { version: 1 });
    await store.del('session');
    expect(localStorage.getItem('promotion-pwa:session')).toBeNull();
    await store.clear();
    expect(localStorage.getItem('promotion-pwa:query-cache')).toBeNull();
  });

  it('falls back to localStorage when IndexedDB never answers, instead of waiting for ever', async () => {
    localStorage.clear();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // An open request whose success or error never comes (seen in WebKit).
    const open = vi.fn(() => ({}) as IDBOpenDBRequest);
    vi.stubGlobal('indexedDB', { open });
    const store = createOfflineStore({ storage: localStorage, timeoutMs: 20 });

    expect(await store.get('session')).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    await store.set('query-cache', { version: 1 });
    expect(localStorage.getItem('promotion-pwa:query-cache')).toBe('{"version":1}');
    expect(open).toHaveBeenCalledTimes(1);
  });
});

describe('createOfflineStore with IndexedDB', () => {
  // One database for the whole describe, as one browser profile keeps it from page load to page load.
  const database = new IDBFactory();
  const pageLoad = () => createOfflineStore({ storage: localStorage });

  beforeEach(async () => {
    localStorage.clear();
    vi.stubGlobal('indexedDB', database);
    await pageLoad().clear();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('keeps a value in IndexedDB, not in localStorage', async () => {
    const store = pageLoad();
    await store.set('session', { role: 'customer' });
    expect(localStorage.getItem('promotion-pwa:session')).toBeNull();
    expect(await pageLoad().get('session')).toEqual({ role: 'customer' });
  });

  it('writes the copy of a closing page before returning, and the next page load reads it until a write lands in IndexedDB', async () => {
    const closing = pageLoad();
    await closing.set('query-cache', { version: 1 });
    closing.setBeforeUnload('query-cache', { version: 2 });
    expect(localStorage.getItem('promotion-pwa:query-cache')).toBe('{"version":2}');

    const next = pageLoad();
    expect(await next.get('query-cache')).toEqual({ version: 2 });
    await next.set('query-cache', { version: 3 });
    expect(localStorage.getItem('promotion-pwa:query-cache')).toBeNull();
    expect(await pageLoad().get('query-cache')).toEqual({ version: 3 });
  });

  it('a value that went to localStorage while IndexedDB failed is the one the next page load reads', async () => {
    await pageLoad().set('session', { userid: 'older' });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    await pageLoad().set('session', { userid: 'newer' });

    vi.stubGlobal('indexedDB', database);
    expect(await pageLoad().get('session')).toEqual({ userid: 'newer' });
  });

  it('deletes a key from both', async () => {
    const store = pageLoad();
    await store.set('session', { userid: 'u1' });
    store.setBeforeUnload('session', { userid: 'u1' });
    await store.del('session');
    expect(localStorage.getItem('promotion-pwa:session')).toBeNull();
    expect(await pageLoad().get('session')).toBeUndefined();
  });

  it('reports a closing write that localStorage refuses (full) instead of throwing from pagehide', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const full = {
      ...localStorage,
      setItem: () => {
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      },
    } as Storage;
    const store = createOfflineStore({ storage: full });
    expect(() => store.setBeforeUnload('query-cache', { version: 1 })).not.toThrow();
    expect(warn).toHaveBeenCalledWith(
      'The offline store could not write before the page closed.',
      expect.any(DOMException),
    );
  });
});
