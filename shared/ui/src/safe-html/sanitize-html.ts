import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

/**
 * The sanitising policy for every piece of server HTML (promotion details, prize content, terms,
 * content blocks), on DOMPurify: a maintained, audited sanitiser. Hand-written filtering gets this
 * wrong (https://github.com/cure53/DOMPurify#what-does-it-do).
 *
 * - HTML only: SVG and MathML are dropped whole, which closes the namespace-confusion (mXSS) vectors.
 * - Scripts, event handlers and javascript:/data: URLs are removed by DOMPurify itself.
 * - No styles or forms: server content may not restyle the app or collect input.
 * - Images without alt text get alt="" (decorative), so screen readers do not read out file names.
 * - Links that open elsewhere (another origin, or any target) open in a new tab with
 *   rel="noopener noreferrer", so the opened page cannot reach back through window.opener.
 */
const CONFIG: Config = {
  USE_PROFILES: { html: true },
  // Kept only so the hook below can see what the author asked for; the hook rewrites it.
  ADD_ATTR: ['target'],
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'option', 'textarea'],
  FORBID_ATTR: ['formaction'],
};

let purifier: Purifier | undefined;

function opensElsewhere(anchor: Element, href: string): boolean {
  const target = anchor.getAttribute('target');
  if (target !== null && target !== '' && target !== '_self') return true;
  try {
    const url = new URL(href, window.location.href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

function securedLinks(node: Element): void {
  // An image the server gave no text alternative is treated as decorative rather than unlabelled.
  if (node.tagName === 'IMG' && !node.hasAttribute('alt')) node.setAttribute('alt', '');
  if (node.tagName !== 'A' && node.tagName !== 'AREA') return;
  const href = node.getAttribute('href');
  if (href !== null && opensElsewhere(node, href)) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer');
  } else {
    // Named targets (_parent, _top, a window name) could steer the embedding page or another tab.
    node.removeAttribute('target');
  }
}

/** One DOMPurify instance of our own, so the hook never leaks into anyone else's use of DOMPurify. */
function getPurifier(): Purifier {
  if (!purifier) {
    purifier = DOMPurify(window);
    purifier.addHook('afterSanitizeAttributes', securedLinks);
  }
  return purifier;
}

/** Server HTML made safe to insert into the page. */
export function sanitizeHtml(html: string): string {
  return getPurifier().sanitize(html, CONFIG);
}
