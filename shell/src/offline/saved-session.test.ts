import { IDBFactory } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSavedSession, saveSession } from './saved-session';

const CUSTOMER = { role: 'customer', userid: 'U1', accountid: 'G100001' } as const;
const REP = { role: 'salesrep', userid: 'U2' } as const;

/** A page the service worker answers. */
function controlledByWorker() {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
  vi.stubGlobal('caches', {});
}

/** The offline store over a fresh IndexedDB, as an earlier version of the app used it for the session. */
async function offlineStoreWithIndexedDB() {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.resetModules();
  return (await import('./offline-store')).offlineStore;
}

describe('the saved session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    localStorage.clear();
  });

  it('is saved and read back', async () => {
    await saveSession(CUSTOMER);
    await expect(readSavedSession()).resolves.toEqual(CUSTOMER);
  });

  it('is cleared with the offline store, as signing out clears it', async () => {
    await saveSession(CUSTOMER);
    const { offlineStore } = await import('./offline-store');
    await offlineStore.clear();
    await expect(readSavedSession()).resolves.toBeUndefined();
  });

  it('is forgotten, whether or not the worker answers the page', async () => {
    await saveSession(CUSTOMER);
    await saveSession(undefined);
    await expect(readSavedSession()).resolves.toBeUndefined();
    await saveSession(CUSTOMER);
    controlledByWorker();
    await saveSession(undefined);
    await expect(readSavedSession()).resolves.toBeUndefined();
  });

  it('forgets, on a page the worker answers, a copy an earlier version kept in IndexedDB, and never reads it', async () => {
    const offlineStore = await offlineStoreWithIndexedDB();
    const { readSavedSession, saveSession } = await import('./saved-session');
    await offlineStore.set('session', REP);
    await expect(readSavedSession()).resolves.toBeUndefined();
    controlledByWorker();
    await saveSession(undefined);
    await expect(offlineStore.get('session')).resolves.toBeUndefined();
  });

  it('is read from localStorage before the copy an earlier version kept in IndexedDB', async () => {
    const offlineStore = await offlineStoreWithIndexedDB();
    const { readSavedSession, saveSession } = await import('./saved-session');
    await offlineStore.set('session', REP);
    await saveSession(CUSTOMER);
    await expect(readSavedSession()).resolves.toEqual(CUSTOMER);
  });
});
