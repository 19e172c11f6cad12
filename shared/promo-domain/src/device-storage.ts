/**
 * The browser's synchronous storage, localStorage ('local') and sessionStorage ('session'), for
 * what must be known before anything asynchronous could answer (the saved session and registry a
 * return visit starts from) and for small per-device or per-tab choices. A storage that refuses
 * (disabled, full, a private mode) reads as empty and drops the write: nothing here throws.
 * Larger data, the offline copy, goes to IndexedDB through the shell's offline store.
 */
export type StorageArea = 'local' | 'session';

/**
 * The prefix of the signed-in user's data in localStorage (and the name of the shell's offline
 * store): signing out clears every key under it (shell/src/offline/offline-store.ts).
 */
export const USER_DATA_PREFIX = 'promotion-pwa';

/** A localStorage key for the user's data: under USER_DATA_PREFIX, so signing out removes it. */
export const userDataKey = (key: string) => `${USER_DATA_PREFIX}:${key}`;

const storage = (area: StorageArea): Storage => (area === 'local' ? localStorage : sessionStorage);

/** The text saved under `key`; null where there is none or the storage refuses. */
export function readStored(area: StorageArea, key: string): string | null {
  try {
    return storage(area).getItem(key);
  } catch {
    return null;
  }
}

/** Saves `value` under `key`, or removes the key (undefined); false where the storage refused. */
export function writeStored(area: StorageArea, key: string, value: string | undefined): boolean {
  try {
    if (value === undefined) storage(area).removeItem(key);
    else storage(area).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** The JSON value saved under `key`; undefined where there is none or it does not parse. */
export function readStoredJson<T>(area: StorageArea, key: string): T | undefined {
  try {
    return (JSON.parse(readStored(area, key) ?? 'null') as T | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Saves `value` as JSON under `key`, or removes the key (undefined); false where the storage refused. */
export const writeStoredJson = (area: StorageArea, key: string, value: unknown): boolean =>
  writeStored(area, key, value === undefined ? undefined : JSON.stringify(value));
