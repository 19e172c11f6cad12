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
