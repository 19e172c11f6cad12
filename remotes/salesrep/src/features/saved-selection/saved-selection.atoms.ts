import {
  EMPTY_SAVED_SELECTION,
  parseSavedSelection,
  SAVED_SELECTION_KEY,
  serializeSavedSelection,
  type SavedSelection,
} from '@promo/domain/rep/saved-selection.rules';
import { appAtom } from '@promo/ui/app-store';

/** Local storage, which may be unavailable (private modes, disabled storage): then memory only. */
export function readStoredSelection(): SavedSelection {
  try {
    return parseSavedSelection(window.localStorage.getItem(SAVED_SELECTION_KEY));
  } catch {
    return EMPTY_SAVED_SELECTION;
  }
}

export function writeStoredSelection(selection: SavedSelection): void {
  try {
    window.localStorage.setItem(SAVED_SELECTION_KEY, serializeSavedSelection(selection));
  } catch {
    // Quota or disabled storage: the selection still works for this visit.
  }
}

/**
 * The selection in memory, with the user it was read for. The app's jotai store outlives a logout
 * (the page is not reloaded), so a different rep signing in next reads local storage afresh instead
 * of inheriting this value.
 */
export const loadedSelectionAtom = appAtom<{ userId: string; selection: SavedSelection } | null>(null);
