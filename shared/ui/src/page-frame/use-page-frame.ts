import { useLayoutEffect } from 'react';
import { appStore } from '@promo/ui/app-store';
import { pageFrameAtom } from './page-frame.atoms';

/** A page tells the shell's header its title (also the document title) and whether to offer "back". */
export function usePageFrame(title: string, options: { showBack?: boolean } = {}) {
  const showBack = options.showBack ?? false;
  // Before the browser paints, so the header's title shows in the frame that shows the page's
  // content. A page's first data renders as a transition (@promo/domain/query), and a transition's
  // passive effects run after its frame is painted.
  useLayoutEffect(() => {
    appStore.set(pageFrameAtom, { title, showBack });
    document.title = title ? `${title} | Ezy Rewards` : 'Ezy Rewards';
  }, [title, showBack]);
}

/**
 * The title of a page named by its data: the name once loaded, `fallback` if it failed or has none,
 * and nothing while it loads. No stand-in meanwhile: the header centres its title, so a stand-in
 * replaced by the name would move (docs/decisions/038-rep-screens-load.md).
 */
export function titleFromData(name: string | undefined, pending: boolean, fallback: string): string {
  return name ?? (pending ? '' : fallback);
}
