import {
  parseSavedSelection,
  SAVED_SELECTION_KEY,
  serializeSavedSelection,
  type SavedSelection,
} from '@promo/domain/rep/saved-selection.rules';
import { readStored, writeStored } from '@promo/domain/device-storage';
import { appAtom } from '@promo/ui/app-store';

/** The last text read, and the selection parsed from it. */
let lastRead: { stored: string | null; selection: SavedSelection } | undefined;

/**
 * Local storage, which may be unavailable (private modes, disabled storage, a full quota): then
 * the selection lives in memory for this visit.
 */
export function readStoredSelection(): SavedSelection {
  const stored = readStored('local', SAVED_SELECTION_KEY);
  // The same text gives the same object: a render that reads it again hands its children equal
  // props, and the selection's users memoise on it.
  if (!lastRead || lastRead.stored !== stored) lastRead = { stored, selection: parseSavedSelection(stored) };
  return lastRead.selection;
}

export function writeStoredSelection(selection: SavedSelection): void {
  writeStored('local', SAVED_SELECTION_KEY, serializeSavedSelection(selection));
}

/**
 * The selection in memory, with the user it was read for. The app's jotai store outlives a logout
 * (the page is not reloaded), so a different rep signing in next reads local storage afresh instead
 * of inheriting this value.
 */
export const loadedSelectionAtom = appAtom<{ userId: string; selection: SavedSelection } | null>(null);
