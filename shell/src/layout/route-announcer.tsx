import { pageFrameAtom, type PageFrame } from '@promo/ui/page-frame';
import { useAtomValue } from '@promo/ui/app-store';
import { useState } from 'react';
import { useLocation } from '@promo/ui/router';

export interface Announcer {
  /** The location last seen. */
  key: string;
  /** The path of the page last announced (or first shown). */
  pathname: string;
  /** The frame on screen when the location changed: the old page's, until the new page sets its own. */
  stale?: PageFrame;
  /** What the live region says. */
  announced: string;
}

export const firstAnnouncer = (location: { key: string; pathname: string }): Announcer => ({
  key: location.key,
  pathname: location.pathname,
  announced: '',
});

/**
 * The announcer after a render at `location` with `frame` on screen: after a navigation, the first
 * frame the new page sets with a title is announced. Not a change of query string that keeps the
 * title (a sort, a filter, the next page of a table).
 */
export function nextAnnouncer(
  state: Announcer,
  location: { key: string; pathname: string },
  frame: PageFrame,
): Announcer {
  let next = state;
  if (next.key !== location.key) next = { ...next, key: location.key, stale: next.stale ?? frame };
  const { stale } = next;
  if (stale === undefined || frame === stale || !frame.title) return next;
  const samePage = location.pathname === next.pathname && frame.title === stale.title;
  return {
    key: location.key,
    pathname: location.pathname,
    announced: samePage ? next.announced : frame.title,
  };
}

/**
 * Says the new page's title to a screen reader after a navigation inside the app, as a browser says
 * a new document's: moving between pages changes no document, so without it nothing is heard.
 *
 * The title is the one the new page gives the header (usePageFrame), announced once that page has
 * set it: the frame on screen when the location changes is still the old page's, and a page named
 * by its data sets an empty title until the data is in. The first page is not announced; the
 * browser reads the document.
 */
export function RouteAnnouncer() {
  const location = useLocation();
  const frame = useAtomValue(pageFrameAtom);
  const [state, setState] = useState(() => firstAnnouncer(location));
  // Derived while rendering, from the previous render's state (React's pattern for state that
  // follows a prop): no effect, so no extra commit.
  const next = nextAnnouncer(state, location, frame);
  if (next !== state) setState(next);
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true">
      {next.announced}
    </p>
  );
}
