import { createValueStore } from '@promo/ui/value-store';

export interface PageFrame {
  /** The header's title. */
  title: string;
  /** Whether the header shows its back chevron. */
  showBack: boolean;
}

/** What the page on screen asks of the shell's header (usePageFrame). */
export const pageFrame = createValueStore<PageFrame>({ title: '', showBack: false });
