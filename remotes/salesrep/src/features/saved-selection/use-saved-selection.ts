import type { SavedSelection } from '@promo/domain/rep/saved-selection.rules';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { useAtom } from '@promo/ui/app-store';
import { useCallback, useEffect } from 'react';
import { loadedSelectionAtom, readStoredSelection, writeStoredSelection } from './saved-selection.atoms';

/**
 * The rep's saved selection, read from local storage under its fixed key and written back
 * on every change, so it survives reloads; another tab's change arrives through the storage event.
 */
export function useSavedSelection(
  userId: string,
): [SavedSelection, (update: (previous: SavedSelection) => SavedSelection) => void] {
  const [loaded, setLoaded] = useAtom(loadedSelectionAtom);
  const isCurrent = loaded?.userId === userId;
  const selection = isCurrent ? loaded.selection : readStoredSelection();

  useEffect(() => {
    if (!isCurrent) setLoaded({ userId, selection: readStoredSelection() });
  }, [isCurrent, setLoaded, userId]);

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
