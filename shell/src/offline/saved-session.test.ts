import { afterEach, describe, expect, it, vi } from 'vitest';
import { readSavedSession, saveSession } from './saved-session';

const CUSTOMER = { role: 'customer', userid: 'U1', accountid: 'G100001' } as const;

/** A page the service worker answers. */
function controlledByWorker() {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { controller: {} } });
  vi.stubGlobal('caches', {});
}

describe('the saved session', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
    localStorage.clear();
  });

  it('is saved and read back', async () => {
    await saveSession(CUSTOMER);
    await expect(readSavedSession()).resolves.toEqual(CUSTOMER);
  });

  it('is forgotten on a page the worker answers, where a later start could resume it', async () => {
    await saveSession(CUSTOMER);
    controlledByWorker();
    await saveSession(undefined);
    await expect(readSavedSession()).resolves.toBeUndefined();
  });

  it('is left for later on a page no worker answers, where nothing resumes it', async () => {
    await saveSession(CUSTOMER);
    await saveSession(undefined);
    await expect(readSavedSession()).resolves.toEqual(CUSTOMER);
  });
});
