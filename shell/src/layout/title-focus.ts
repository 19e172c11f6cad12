import type { PageFrame } from '@promo/ui/page-frame';

/** Where the header's title stands after the navigations seen so far. */
export interface TitleFocus {
  /** The location last seen. */
  key: string;
  /** The path of the page whose title last took focus (or the first page's). */
  pathname: string;
  /** The frame on screen when the location changed: the old page's, until the new page sets its own. */
  stale?: PageFrame;
  /** How many times focus has been due to move to the title; each new count moves it once. */
  moves: number;
}

export const firstTitleFocus = (location: { key: string; pathname: string }): TitleFocus => ({
  key: location.key,
  pathname: location.pathname,
  moves: 0,
});

/**
 * After a render at `location` with `frame` on screen: focus is due on the title once the page a
 * navigation led to has set its own frame with a title. The frame on screen as the location changes
 * is still the old page's, and a page named by its data sets an empty title until the data is in.
 * Not for the first page (the browser reads the document), nor for a change of query string that
 * keeps the title (a sort, a filter, the next page of a table).
 */
export function nextTitleFocus(
  state: TitleFocus,
  location: { key: string; pathname: string },
  frame: PageFrame,
): TitleFocus {
  let next = state;
  if (next.key !== location.key) next = { ...next, key: location.key, stale: next.stale ?? frame };
  const { stale } = next;
  if (stale === undefined || frame === stale || !frame.title) return next;
  const samePage = location.pathname === next.pathname && frame.title === stale.title;
  return { key: location.key, pathname: location.pathname, moves: next.moves + (samePage ? 0 : 1) };
}

/** Someone typing keeps their field: a title that arrives late does not take focus from it. */
export function isTyping(element: Element | null): boolean {
  if (!element) return false;
  if (element instanceof HTMLElement && element.isContentEditable) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}
