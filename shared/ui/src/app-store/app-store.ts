// eslint-disable-next-line no-restricted-imports -- the one module that imports jotai (see below)
import { atom, getDefaultStore, type PrimitiveAtom } from 'jotai';

/**
 * The app's client state is jotai atoms in one store. This module is the only one that imports
 * jotai, and it is a shared singleton (STATEFUL_WORKSPACE_MODULES in rsbuild.base.ts): every app
 * takes it, and with it jotai, from the shell, so there is one jotai and one store at run time,
 * and a toast a remote raises is the one the shell shows. Bundled into this module, jotai is
 * tree-shaken and arrives in the shell's shared-state chunk instead of as a shared package of
 * four chunks of its own (docs/decisions/011-value-store-stays.md).
 *
 * No app renders a jotai Provider, so jotai's hooks read this store. Code outside React (notify,
 * the update prompt's events) writes to it here.
 */
export const appStore = getDefaultStore();

const firstValues = new Map<PrimitiveAtom<unknown>, unknown>();

/** An atom of the app's client state, which tests put back to its first value (resetAppAtoms). */
export function appAtom<T>(initial: T): PrimitiveAtom<T> {
  const created = atom(initial);
  firstValues.set(created as PrimitiveAtom<unknown>, initial);
  return created;
}

/**
 * Tests: every app atom back to its first value, so one test's toasts, title or saved selection
 * never reach the next (the test files share their modules, and with them the store).
 */
export function resetAppAtoms(): void {
  for (const [created, initial] of firstValues) appStore.set(created, initial);
}
