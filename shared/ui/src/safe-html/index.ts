export { SafeHtml, type SafeHtmlProps } from './safe-html';
