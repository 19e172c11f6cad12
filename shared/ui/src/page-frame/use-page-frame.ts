import { useEffect } from 'react';
import { appStore } from '@promo/ui/app-store';
import { pageFrameAtom } from './page-frame.atoms';

/** A page tells the shell's header its title (also the document title) and whether to offer "back". */
export function usePageFrame(title: string, options: { showBack?: boolean } = {}) {
  const showBack = options.showBack ?? false;
  useEffect(() => {
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
