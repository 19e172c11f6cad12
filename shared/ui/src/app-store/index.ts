export { appAtom, appStore, resetAppAtoms } from './app-store';
// eslint-disable-next-line no-restricted-imports -- jotai's hooks, from the one module that bundles jotai (app-store.ts)
export { useAtom, useAtomValue, useSetAtom } from 'jotai';
