export { pageFrameAtom, type PageFrame } from './page-frame.atoms';
export { titleFromData, usePageFrame } from './use-page-frame';
