import { useMemo } from 'react';
import { sanitizeHtml } from './sanitize-html';

export interface SafeHtmlProps {
  /** HTML from the server: promotion details, terms, prize content, content blocks. */
  html: string;
  className?: string;
  as?: 'div' | 'section' | 'article';
}

/**
 * The one place server HTML reaches the DOM, always through sanitizeHtml (DOMPurify): no scripts,
 * event handlers, javascript: URLs, SVG/MathML, styles or forms; links to elsewhere open safely.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
