/**
 * Functions that run in the page under test (their source is sent by driver.ts), so they may use
 * only the page's globals and their arguments.
 */

/** Text to match, as it travels to the page: a string, or a RegExp's source and flags. */
type PageMatcher = string | { source: string; flags: string };

export interface PageQuery {
  role?: string;
  name?: PageMatcher;
  level?: number;
  text?: PageMatcher;
  label?: PageMatcher;
  css?: string;
  hasText?: PageMatcher;
  nth?: number;
  within?: PageQuery;
  frame?: string;
  includeHidden?: boolean;
}

interface TestingLibrary {
  queryAllByRole(container: HTMLElement, role: string, options?: object): HTMLElement[];
  queryAllByLabelText(container: HTMLElement, matcher: string | RegExp, options?: object): HTMLElement[];
}

type Locator = (query: PageQuery) => Element[];
type LocatorWindow = Window & { TestingLibraryDom?: TestingLibrary; __ezyLocateAll?: Locator };

/**
 * Installs window.__ezyLocateAll(query): every element the query matches, in document order,
 * through @testing-library/dom (which must be loaded first) for role, text and label. Only rendered
 * elements count unless the query says otherwise, as only they can be seen or clicked.
 */
export function installLocator(): boolean {
  const page = window as LocatorWindow;
  const library = page.TestingLibraryDom;
  if (!library) return false;
  const toMatcher = (value: PageMatcher) =>
    typeof value === 'string' ? value : new RegExp(value.source, value.flags);
  const SKIPPED = ['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT', 'HEAD', 'TITLE'];
  const normalised = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const matchesText = (value: string, matcher: string | RegExp) =>
    typeof matcher === 'string' ? value.includes(matcher) : matcher.test(value);
  const rendered = (element: Element) => {
    if (element.getClientRects().length === 0) return false;
    const view = element.ownerDocument.defaultView ?? window;
    return view.getComputedStyle(element).visibility !== 'hidden';
  };
  const locateAll = (query: PageQuery): Element[] => {
    let roots: HTMLElement[];
    if (query.within) {
      const scope = locateAll(query.within)[query.within.nth ?? 0];
      roots = scope instanceof (scope?.ownerDocument.defaultView ?? window).HTMLElement ? [scope] : [];
    } else if (query.frame) {
      const frame = document.querySelector<HTMLIFrameElement>(query.frame);
      const body = frame?.contentDocument?.body;
      roots = body ? [body] : [];
    } else {
      roots = [document.body];
    }
    const found: Element[] = [];
    for (const root of roots) {
      if (query.role !== undefined) {
        const options = {
          ...(query.name === undefined ? {} : { name: toMatcher(query.name) }),
          ...(query.level === undefined ? {} : { level: query.level }),
          hidden: query.includeHidden === true,
        };
        found.push(...library.queryAllByRole(root, query.role, options));
      } else if (query.text !== undefined) {
        // As Playwright's getByText: the innermost elements whose whole text (whitespace collapsed)
        // contains the string or matches the RegExp, so a text split over inline elements is found.
        const matcher = toMatcher(query.text);
        const matching = new Set(
          [...root.querySelectorAll('*')].filter(
            (element) => !SKIPPED.includes(element.tagName) && matchesText(normalised(element), matcher),
          ),
        );
        found.push(
          ...[...matching].filter((element) => ![...element.children].some((child) => matching.has(child))),
        );
      } else if (query.label !== undefined) {
        found.push(...library.queryAllByLabelText(root, toMatcher(query.label)));
      } else if (query.css !== undefined) {
        found.push(...root.querySelectorAll(query.css));
      }
    }
    const hasText = query.hasText === undefined ? undefined : toMatcher(query.hasText);
    return found.filter(
      (element) =>
        (query.includeHidden === true || rendered(element)) &&
        (hasText === undefined || matchesText(normalised(element), hasText)),
    );
  };
  page.__ezyLocateAll = locateAll;
  return true;
}

/** Each page function answers this when the locator is not installed (yet, or again after a navigation). */
export const NOT_INSTALLED = '__ezy-locator-not-installed__';

export type Inspection = 'element' | 'count' | 'text' | 'attribute' | 'checked' | 'scroll';

/**
 * One question about a query's matches: the first element, how many there are, the first one's text
 * (whitespace collapsed), an attribute ('' when absent), its checked state, or scrolling it into
 * view (a chart is drawn only once its box is on screen). null when nothing matches. Self-contained:
 * only its source reaches the page.
 */
export function inspect(query: PageQuery, what: Inspection, attribute?: string): unknown {
  const locateAll = (window as LocatorWindow).__ezyLocateAll;
  if (!locateAll) return '__ezy-locator-not-installed__';
  const matches = locateAll(query);
  if (what === 'count') return matches.length;
  const element = matches[query.nth ?? 0];
  if (!element) return null;
  switch (what) {
    case 'element':
      return element;
    case 'text':
      return (element.textContent ?? '').replace(/\s+/g, ' ').trim();
    case 'attribute':
      return element.getAttribute(attribute ?? '') ?? '';
    case 'checked':
      return (
        (element as HTMLInputElement).checked === true || element.getAttribute('aria-checked') === 'true'
      );
    case 'scroll':
      element.scrollIntoView({ block: 'center' });
      return true;
  }
}
