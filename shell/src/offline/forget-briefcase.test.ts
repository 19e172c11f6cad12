import { IDBFactory } from 'fake-indexeddb';
import { BRIEFCASE_STORE_NAME } from '@promo/domain/rep/briefcase-download';
import { describe, expect, it } from 'vitest';
import { forgetBriefcase } from './forget-briefcase';

function openBriefcase(factory: IDBFactory): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(BRIEFCASE_STORE_NAME);
    request.onupgradeneeded = () => request.result.createObjectStore('keyval');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('failed'));
  });
}

describe('forgetBriefcase', () => {
  it('deletes the briefcase’s database, once a page holding it open lets it go', async () => {
    const factory = new IDBFactory();
    const db = await openBriefcase(factory);
    db.onversionchange = () => db.close();
    await forgetBriefcase(factory);
    expect((await factory.databases()).map((entry) => entry.name)).toEqual([]);
  });

  it('does nothing where there is no IndexedDB', async () => {
    await expect(forgetBriefcase(undefined)).resolves.toBeUndefined();
  });
});
