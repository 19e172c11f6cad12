export { pageFrameAtom, type PageFrame } from './page-frame.atoms';
export { usePageFrame } from './use-page-frame';
