import { useEffect } from 'react';
import { pageFrame } from './page-frame.store';

/** A page tells the shell's header its title (also the document title) and whether to offer "back". */
export function usePageFrame(title: string, options: { showBack?: boolean } = {}) {
  const showBack = options.showBack ?? false;
  useEffect(() => {
    pageFrame.set({ title, showBack });
    document.title = title ? `${title} | Ezy Rewards` : 'Ezy Rewards';
  }, [title, showBack]);
}
