export { pageFrame, type PageFrame } from './page-frame.store';
export { usePageFrame } from './use-page-frame';
