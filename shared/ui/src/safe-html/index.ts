export { SafeHtml } from './lazy-safe-html';
export type { SafeHtmlProps } from './safe-html';
