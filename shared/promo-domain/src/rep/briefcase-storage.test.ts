import { IDBFactory } from 'fake-indexeddb';
import { BRIEFCASE_STORE_NAME } from './briefcase-download';
import { describe, expect, it } from 'vitest';
import { briefcaseStorage } from './briefcase-storage';

describe('briefcaseStorage', () => {
  it('keeps values by key across openings of the same database, and deletes them', async () => {
    const factory = new IDBFactory();
    const storage = briefcaseStorage(factory);
    await storage.set('briefcase:kept', { customers: 2 });
    await storage.set('briefcase:g1:0', [{ id: 'G100001' }]);
    expect(await briefcaseStorage(factory).get('briefcase:kept')).toEqual({ customers: 2 });
    await storage.del('briefcase:kept');
    expect(await storage.get('briefcase:kept')).toBeUndefined();
    expect(await storage.get('briefcase:g1:0')).toEqual([{ id: 'G100001' }]);
    expect(await briefcaseStorage(new IDBFactory()).get('briefcase:g1:0')).toBeUndefined();
  });

  it('lets sign-out delete the database it holds open, and starts empty after', async () => {
    const factory = new IDBFactory();
    const storage = briefcaseStorage(factory);
    await storage.set('briefcase:kept', { customers: 2 });
    await new Promise<void>((resolve, reject) => {
      const request = factory.deleteDatabase(BRIEFCASE_STORE_NAME);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('failed'));
      request.onblocked = () => reject(new Error('blocked by the open briefcase'));
    });
    expect(await storage.get('briefcase:kept')).toBeUndefined();
  });
});
