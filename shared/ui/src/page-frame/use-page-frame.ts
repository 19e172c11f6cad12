import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { pageFrameAtom } from './page-frame.atoms';

/** A page tells the shell's header its title (also the document title) and whether to offer "back". */
export function usePageFrame(title: string, options: { showBack?: boolean } = {}) {
  const setFrame = useSetAtom(pageFrameAtom);
  const showBack = options.showBack ?? false;
  useEffect(() => {
    setFrame({ title, showBack });
    document.title = title ? `${title} | Ezy Rewards` : 'Ezy Rewards';
  }, [setFrame, title, showBack]);
}
