import { afterEach, describe, expect, it, vi } from 'vitest';
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
    localStorage.setItem('promotion-pwa:session', '{"role":"customer"}');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    // An open request whose success or error never comes (seen in WebKit).
    const open = vi.fn(() => ({}) as IDBOpenDBRequest);
    vi.stubGlobal('indexedDB', { open });
    const store = createOfflineStore({ storage: localStorage, timeoutMs: 20 });

    expect(await store.get('session')).toEqual({ role: 'customer' });
    expect(warn).toHaveBeenCalledTimes(1);
    await store.set('query-cache', { version: 1 });
    expect(localStorage.getItem('promotion-pwa:query-cache')).toBe('{"version":1}');
    expect(open).toHaveBeenCalledTimes(1);
  });
});
