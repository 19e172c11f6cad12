import { isAppCodeCache } from '../service-worker/cache-names';
import { isApiUrl } from '../service-worker/request-routes';

/**
 * Logout (docs/decisions/009-offline-and-updates.md): nothing that belongs to a user may stay in Cache Storage. The service worker
 * caches only the app's code and runtime config, never API responses; this removes anything else
 * all the same, whoever put it there: every unknown cache, and any API entry in the known ones.
 * (The reference server also sends Clear-Site-Data on logout; not every host does.)
 */
export async function purgeUserCaches(
  cacheStorage: CacheStorage | null = typeof caches === 'undefined' ? null : caches,
): Promise<void> {
  if (!cacheStorage) return;
  const names = await cacheStorage.keys();
  await Promise.all(
    names.map(async (name) => {
      if (!isAppCodeCache(name)) {
        await cacheStorage.delete(name);
        return;
      }
      const cache = await cacheStorage.open(name);
      const requests = await cache.keys();
      await Promise.all(
        requests.filter((request) => isApiUrl(new URL(request.url))).map((request) => cache.delete(request)),
      );
    }),
  );
}
