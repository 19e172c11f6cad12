import DOMPurify from 'dompurify';
import { useMemo } from 'react';

export interface SafeHtmlProps {
  /** HTML from the server: promotion details, terms, prize content, content blocks. */
  html: string;
  className?: string;
  as?: 'div' | 'section' | 'article';
}

/**
 * The one place server HTML reaches the DOM. DOMPurify (a maintained, audited sanitizer) removes
 * scripts, event handlers and javascript: URLs; hand-written filtering gets this wrong.
 */
export function SafeHtml({ html, className, as: Tag = 'div' }: SafeHtmlProps) {
  const clean = useMemo(() => DOMPurify.sanitize(html, { USE_PROFILES: { html: true } }), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
