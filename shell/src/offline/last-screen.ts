import { readStoredJson } from '@promo/domain/device-storage';
import { localStorageKey } from './offline-store-names';

/*
 * The last screen a signed-in user saw, kept on the device so a return visit draws it before any of
 * the app's code has run (docs/decisions/009-offline-and-updates.md, "The last screen"). It is a
 * picture, not the app: its controls are disabled and it is inert and hidden from assistive
 * technology until React's first render replaces it, which happens once the page's code and the
 * offline copy of its data are in. It is kept under the offline store's prefix, so signing out
 * removes it, and drawn only for the user who saw it.
 */

/** One screen as it was left. */
export interface SavedScreen {
  /** The page's path and query. */
  path: string;
  /** Whose screen it is: drawn only for the same saved session. */
  userid: string;
  savedAt: number;
  /** #root's markup, made inert (captureScreen). */
  html: string;
  /** The stylesheets the document had (the remotes' among them): the picture needs them. */
  styles: string[];
}

export const LAST_SCREENS_KEY = localStorageKey('last-screens');
/** The screens kept, the most recently left first: the start page and a few deep links. */
export const LAST_SCREENS_KEPT = 4;
/** A screen larger than this is not kept: localStorage is small and shared with the registry and session. */
export const LAST_SCREEN_MAX_CHARS = 300_000;
/** The attribute a picture's styles are kept under: the page's Content-Security-Policy refuses inline style attributes. */
export const STYLE_ATTRIBUTE = 'data-ezy-style';

export const pathOf = (location: Pick<Location, 'pathname' | 'search'>) =>
  location.pathname + location.search;

export const savedScreens = () => readStoredJson<SavedScreen[]>('local', LAST_SCREENS_KEY) ?? [];

/** The stylesheets the document has now (the remotes' included). */
export const documentStyles = (doc: Document = document) =>
  Array.from(doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'), (link) => link.href);
