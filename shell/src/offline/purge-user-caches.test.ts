import { describe, expect, it } from 'vitest';
import { CACHE_NAMES } from '../service-worker/cache-names';
import { purgeUserCaches } from './purge-user-caches';

/** Cache Storage in memory: cache name → request URLs. */
function fakeCacheStorage(contents: Record<string, string[]>) {
  const caches = new Map(Object.entries(contents).map(([name, urls]) => [name, new Set(urls)]));
  const storage = {
    keys: () => Promise.resolve([...caches.keys()]),
    delete: (name: string) => Promise.resolve(caches.delete(name)),
    open: (name: string) => {
      const urls = caches.get(name) ?? new Set<string>();
      caches.set(name, urls);
      return Promise.resolve({
        keys: () => Promise.resolve([...urls].map((url) => ({ url }))),
        delete: (request: { url: string }) => Promise.resolve(urls.delete(request.url)),
      });
    },
  };
  const snapshot = () => Object.fromEntries([...caches].map(([name, urls]) => [name, [...urls]]));
  return { storage: storage as unknown as CacheStorage, snapshot };
}

describe('purgeUserCaches', () => {
  it("keeps the app's code and config caches as they are", async () => {
    const { storage, snapshot } = fakeCacheStorage({
      [CACHE_NAMES.precache]: ['http://app.nz/index.html', 'http://app.nz/static/js/index.6f22fda5bd.js'],
      [CACHE_NAMES.registry]: ['http://app.nz/registry.json'],
      [CACHE_NAMES.remoteEntries]: ['http://customer.nz/mf-manifest.json'],
      [CACHE_NAMES.remoteAssets]: ['http://customer.nz/static/js/async/a.1234567890.js'],
    });
    const before = snapshot();
    await purgeUserCaches(storage);
    expect(snapshot()).toEqual(before);
  });

  it('deletes any other cache and any API response, wherever it is', async () => {
    const { storage, snapshot } = fakeCacheStorage({
      [CACHE_NAMES.precache]: ['http://app.nz/index.html'],
      [CACHE_NAMES.remoteEntries]: [
        'http://customer.nz/mf-manifest.json',
        'http://app.nz/api/v1/account/get?ids=G100001',
      ],
      'some-api-cache': ['http://app.nz/api/v1/session/get'],
    });
    await purgeUserCaches(storage);
    expect(snapshot()).toEqual({
      [CACHE_NAMES.precache]: ['http://app.nz/index.html'],
      [CACHE_NAMES.remoteEntries]: ['http://customer.nz/mf-manifest.json'],
    });
  });

  it('does nothing where Cache Storage does not exist', async () => {
    await expect(purgeUserCaches(null)).resolves.toBeUndefined();
  });
});
