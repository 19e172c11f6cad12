import { lazy, Suspense } from 'react';
import type { SafeHtmlProps } from './safe-html';

const Sanitized = lazy(() => import('./safe-html').then(({ SafeHtml }) => ({ default: SafeHtml })));

/**
 * <SafeHtml> with its sanitiser (DOMPurify, 11 KB gzip) loaded when server HTML is first shown, not
 * with the page: the tracking view, for one, shows none until its terms dialog opens. Until then the
 * element is there, empty and marked busy.
 */
export function SafeHtml(props: SafeHtmlProps) {
  const Tag = props.as ?? 'div';
  return (
    <Suspense fallback={<Tag className={props.className} aria-busy="true" />}>
      <Sanitized {...props} />
    </Suspense>
  );
}
