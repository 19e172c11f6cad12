import { appAtom } from '@promo/ui/app-store';

export interface PageFrame {
  /** The header's title. */
  title: string;
  /** Whether the header shows its back chevron. */
  showBack: boolean;
}

/** What the page on screen asks of the shell's header (usePageFrame). */
export const pageFrameAtom = appAtom<PageFrame>({ title: '', showBack: false });
