import { USER_DATA_PREFIX } from '@promo/domain/device-storage';

/**
 * The offline store's names, apart from the store itself (offline-store.ts) so that reading the
 * saved session does not download IndexedDB's wrapper (saved-session.ts).
 */

/**
 * The offline store's name (docs/product-rules.md, 'Offline copy'): its IndexedDB database, and its
 * keys' prefix in localStorage, which the remotes' own keys of the user's data share.
 */
export const OFFLINE_STORE_NAME = USER_DATA_PREFIX;

/** The offline store's key for the last known session (saved-session.ts). */
export const SESSION_KEY = 'session';

/** A key's name in localStorage: under the store's prefix, so clearing the store clears it too. */
export const localStorageKey = (key: string, name = OFFLINE_STORE_NAME) => `${name}:${key}`;
