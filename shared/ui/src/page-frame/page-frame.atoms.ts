import { atom } from 'jotai';

export interface PageFrame {
  /** The header's title. */
  title: string;
  /** Whether the header shows its back chevron. */
  showBack: boolean;
}

export const pageFrameAtom = atom<PageFrame>({ title: '', showBack: false });
