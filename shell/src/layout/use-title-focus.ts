import { useEffect, useRef, useState, type RefObject } from 'react';
import type { PageFrame } from '@promo/ui/page-frame';
import { useLocation } from '@promo/ui/router';
import { firstTitleFocus, isTyping, nextTitleFocus } from './title-focus';

/**
 * Moves focus to the header's title when a navigation inside the app has shown a new page: a
 * screen reader then reads the new page's name, as it reads a new document's, and the next Tab
 * goes on from the top of the page. Without it focus fell to the body and nothing was said.
 * The scroll position stays the browser's (a page scrolled back to on Back keeps its place).
 */
export function useTitleFocus(frame: PageFrame): RefObject<HTMLHeadingElement | null> {
  const title = useRef<HTMLHeadingElement | null>(null);
  const location = useLocation();
  const [state, setState] = useState(() => firstTitleFocus(location));
  // Derived while rendering from the previous render's state (React's pattern for state that
  // follows a prop); the effect below only acts on it.
  const next = nextTitleFocus(state, location, frame);
  if (next !== state) setState(next);

  useEffect(() => {
    if (next.moves === 0 || isTyping(document.activeElement)) return;
    title.current?.focus({ preventScroll: true });
  }, [next.moves]);

  return title;
}
