import { useSyncExternalStore } from 'react';

/**
 * A value the shell and the remotes read and write together (the page frame, the toasts, the
 * update prompt): read it in a component with useStoreValue, write it from anywhere.
 *
 * Why not jotai atoms: every page needs these, the anonymous /login included, and jotai (its store,
 * its internals and its React hooks, shared whole) adds 4.6 KB gzip to /login, more than its byte
 * budget may grow (docs/decisions/011-value-store-stays.md). A store is a value, a setter and its
 * listeners: useSyncExternalStore does the rest.
 * Remotes keep jotai for state of their own (the rep's saved selection).
 */
export interface ValueStore<T> {
  get: () => T;
  set: (next: T | ((current: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

const created = new Set<() => void>();

export function createValueStore<T>(initial: T): ValueStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const store: ValueStore<T> = {
    get: () => value,
    set: (next) => {
      const updated = typeof next === 'function' ? (next as (current: T) => T)(value) : next;
      if (Object.is(updated, value)) return;
      value = updated;
      for (const listener of [...listeners]) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  created.add(() => store.set(initial));
  return store;
}

/** The store's current value; the component renders again when it changes. */
export function useStoreValue<T>(store: ValueStore<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}

/** Tests: every store back to its first value, so one test's toasts or title never reach the next. */
export function resetValueStores(): void {
  for (const reset of created) reset();
}
