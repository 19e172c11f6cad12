import { atom } from 'jotai';

export interface PageFrame {
  /** The header's title. */
  title: string;
  /** Whether the header shows its back chevron. */
  showBack: boolean;
}

export const INITIAL_PAGE_FRAME: PageFrame = { title: '', showBack: false };

/**
 * What the page on screen asks of the shell's header (usePageFrame), in jotai's default store:
 * the shell and the remotes share jotai as one instance, so they share that store too.
 */
export const pageFrame = atom<PageFrame>(INITIAL_PAGE_FRAME);
