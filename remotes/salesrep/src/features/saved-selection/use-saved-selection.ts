import type { SavedSelection } from '@promo/domain/rep/saved-selection.rules';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { useAtom } from '@promo/ui/app-store';
import { useCallback, useEffect } from 'react';
import { loadedSelectionAtom, readStoredSelection, writeStoredSelection } from './saved-selection.atoms';

/**
 * The rep's saved selection, read from local storage under its fixed key and written back
 * on every change, so it survives reloads; another tab's change arrives through the storage event.
 * Until this visit changes it, it is read from storage as each render needs it: copying it into the
 * store after the first commit drew the page and every promotion card a second time, in one task
 * of about 50 ms on a slow phone. The store holds what this visit changed, which is all there is
 * where storage is unavailable.
 */
export function useSavedSelection(
  userId: string,
): [SavedSelection, (update: (previous: SavedSelection) => SavedSelection) => void] {
  const [loaded, setLoaded] = useAtom(loadedSelectionAtom);
  const isCurrent = loaded?.userId === userId;
  const selection = isCurrent ? loaded.selection : readStoredSelection();

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SAVED_SELECTION_KEY || event.key === null)
        setLoaded({ userId, selection: readStoredSelection() });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [setLoaded, userId]);

  const update = useCallback(
    (change: (previous: SavedSelection) => SavedSelection) => {
      setLoaded((previous) => {
        const base = previous?.userId === userId ? previous.selection : readStoredSelection();
        const next = change(base);
        writeStoredSelection(next);
        return { userId, selection: next };
      });
    },
    [setLoaded, userId],
  );

  return [selection, update];
}
