import { describe, expect, it } from 'vitest';
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
