/**
 * The small browser interface the cross-engine journeys are written against, once for every engine
 * (docs/decisions/036-engine-suite.md). An engine adapter (firefox-adapter.ts over WebDriver BiDi,
 * webkit-adapter.ts over classic WebDriver) only opens URLs, runs a script in the page, and sends
 * real clicks and keystrokes to an element; finding by role and name, waiting and reading text are
 * written here once, on top of that.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { origins } from '../support/demo.ts';
import { inspect, installLocator, NOT_INSTALLED, type Inspection, type PageQuery } from './page-scripts.ts';

export type EngineName = 'firefox' | 'webkit';
export const ENGINE_NAMES: readonly EngineName[] = ['firefox', 'webkit'];

/** What an engine's driver must do; everything else is built on it. */
export interface EngineAdapter<Element = unknown> {
  readonly engine: EngineName;
  /** The browser and its version, as the driver reports them. */
  readonly version: string;
  goto(url: string): Promise<void>;
  currentUrl(): Promise<string>;
  /** Sizes the page's viewport as near to width × height as the browser allows; returns what it got. */
  setViewport(width: number, height: number): Promise<{ width: number; height: number }>;
  /** Runs `body` as a function body in the page, `args` bound to its arguments; resolves its result. */
  run<T>(body: string, args: readonly unknown[]): Promise<T>;
  /** The same, for a body that returns an element (or null). */
  runForElement(body: string, args: readonly unknown[]): Promise<Element | null>;
  /** A real click: the driver's pointer input at the element's centre, scrolled into view first. */
  click(element: Element): Promise<void>;
  /** Real keystrokes into the element, after focusing it. */
  type(element: Element, text: string): Promise<void>;
  close(): Promise<void>;
  /** The page's console errors, uncaught errors and failed requests so far, where the driver can read them. */
  consoleErrors?(): Promise<string[]>;
}

/** Text to match, whitespace collapsed: a string is looked for within it, a RegExp tested against it. */
export type Matcher = string | RegExp;

/** An element to find: by accessible role and name, by text, by label or by CSS, inside `within`. */
export interface Query {
  role?: string;
  name?: Matcher;
  /** heading level, with role 'heading' */
  level?: number;
  text?: Matcher;
  label?: Matcher;
  css?: string;
  /** Only the matches whose text content contains this string or matches this RegExp. */
  hasText?: Matcher;
  /** The nth match (from 0) instead of the first, for reading and acting; for `within`, the nth scope. */
  nth?: number;
  /** Only elements inside the first visible match of this query. */
  within?: Query;
  /** A CSS selector of a same-origin iframe of the top document to search in. */
  frame?: string;
  /** Also elements that are not rendered (no box), e.g. an svg path or a hidden input. */
  includeHidden?: boolean;
}

export const role = (
  roleName: string,
  name?: Matcher,
  options: Omit<Query, 'role' | 'name'> = {},
): Query => ({
  role: roleName,
  ...(name === undefined ? {} : { name }),
  ...options,
});
export const text = (matcher: Matcher, options: Omit<Query, 'text'> = {}): Query => ({
  text: matcher,
  ...options,
});
export const label = (matcher: Matcher, options: Omit<Query, 'label'> = {}): Query => ({
  label: matcher,
  ...options,
});
export const css = (selector: string, options: Omit<Query, 'css'> = {}): Query => ({
  css: selector,
  ...options,
});
/** `query` inside the first match of `scope` (inside any scope the query already has). */
export const inside = (scope: Query, query: Query): Query => ({
  ...query,
  within: query.within ? inside(scope, query.within) : scope,
});

/** How long a find or a wait gives the page: a federated screen's cold start here has taken 5-8 s under load. */
const WAIT_MS = 20_000;
const POLL_MS = 100;

const describeMatcher = (matcher: Matcher) =>
  typeof matcher === 'string' ? `'${matcher}'` : String(matcher);
function describeQuery(query: Query): string {
  const parts: string[] = [];
  if (query.role)
    parts.push(`${query.role}${query.name === undefined ? '' : ` ${describeMatcher(query.name)}`}`);
  if (query.level) parts.push(`level ${query.level}`);
  if (query.text !== undefined) parts.push(`text ${describeMatcher(query.text)}`);
  if (query.label !== undefined) parts.push(`label ${describeMatcher(query.label)}`);
  if (query.css) parts.push(`css '${query.css}'`);
  if (query.hasText !== undefined) parts.push(`with text ${describeMatcher(query.hasText)}`);
  if (query.nth !== undefined) parts.push(`#${query.nth + 1}`);
  const where = [
    query.within ? ` in ${describeQuery(query.within)}` : '',
    query.frame ? ` in frame ${query.frame}` : '',
  ].join('');
  return parts.join(', ') + where;
}

const hasFrame = (query: Query): boolean =>
  query.frame !== undefined || (query.within ? hasFrame(query.within) : false);

/** A query as the page script takes it: a RegExp travels as its source and flags. */
function toPageQuery(query: Query): PageQuery {
  const matcher = (value: Matcher | undefined) =>
    value === undefined
      ? undefined
      : typeof value === 'string'
        ? value
        : { source: value.source, flags: value.flags };
  return {
    role: query.role,
    name: matcher(query.name),
    level: query.level,
    text: matcher(query.text),
    label: matcher(query.label),
    css: query.css,
    hasText: matcher(query.hasText),
    nth: query.nth,
    within: query.within ? toPageQuery(query.within) : undefined,
    frame: query.frame,
    includeHidden: query.includeHidden,
  };
}

/**
 * @testing-library/dom's browser build, run in the page before the first query after each load: its
 * role and name queries are the ones the component tests use, so a journey finds what a person
 * using a screen reader would.
 */
const testingLibrarySource = readFileSync(
  createRequire(import.meta.url).resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
);

/**
 * A page function as a script body. tsx compiles functions with esbuild's keepNames, which calls a
 * `__name` helper that exists only in Node; the page gets a stand-in that does nothing.
 */
const scriptFor = (fn: (...args: never[]) => unknown) =>
  `const __name = (target) => target;\nreturn (${fn.toString()})(...args);`;

class EngineTimeout extends Error {}

/** The element's box, the viewport, and what the page has at the element's centre (a function body over `args`). */
const OBSTRUCTION = `
  const element = args[0];
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + box.height / 2;
  const top = document.elementFromPoint(x, y);
  const name = (node) => node ? node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') +
    (typeof node.className === 'string' && node.className.trim() ? '.' + node.className.trim().split(/\\s+/).join('.') : '') : 'nothing';
  const itself = top !== null && (top === element || element.contains(top) || top.contains(element));
  return 'box ' + [box.left, box.top, box.width, box.height].map(Math.round).join(',') +
    ' in a ' + innerWidth + 'x' + innerHeight + ' viewport scrolled to ' + Math.round(scrollX) + ',' + Math.round(scrollY) +
    ' (outer ' + outerWidth + 'x' + outerHeight + ' at ' + screenX + ',' + screenY + ' on a ' + screen.width + 'x' + screen.height + ' screen)' +
    '; at its centre ' + name(top) + (itself ? ' (itself)' : '') +
    (element.closest('[inert]') ? '; inert' : '') + (element.disabled ? '; disabled' : '');
`;

/** A refusal as "not interactable" of an element the page shows in the viewport, itself at its centre. */
const refusedThoughShown = (error: unknown, where: string) =>
  error instanceof Error &&
  (error.name === 'ElementNotInteractableError' || /not interactable/i.test(error.message)) &&
  where.includes('(itself)') &&
  !/; inert|; disabled/.test(where);

/** A failure inside a wait that must end it at once rather than be polled again. */
class ActionFailed extends Error {
  constructor(readonly reason: unknown) {
    super('action failed');
  }
}

/**
 * The refusals a WebDriver click or keystroke gives for an element that cannot take it just then:
 * covered by another element, without an in-view centre point, or detached and re-rendered.
 */
function isMomentaryRefusal(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    ['ElementNotInteractableError', 'ElementClickInterceptedError', 'StaleElementReferenceError'].includes(
      error.name,
    ) || /not interactable|intercepted|stale element|no such element/i.test(error.message)
  );
}

/** One browser session of a journey: the adapter plus finding, waiting and reading. */
export class Browser<Element = unknown> {
  constructor(
    readonly adapter: EngineAdapter<Element>,
    /** The shell origin that open() resolves paths against. */
    readonly base: string = origins.shell,
  ) {}

  get engine(): EngineName {
    return this.adapter.engine;
  }

  /** The page's console errors, uncaught errors and failed requests so far (undefined where the driver cannot read them). */
  async consoleErrors(): Promise<string[] | undefined> {
    return this.adapter.consoleErrors?.();
  }

  /** Opens a path of the shell's origin, or an absolute URL. */
  async open(pathOrUrl: string): Promise<void> {
    await this.adapter.goto(new URL(pathOrUrl, this.base).href);
  }

  async url(): Promise<string> {
    return this.adapter.currentUrl();
  }

  viewport(width: number, height: number) {
    return this.adapter.setViewport(width, height);
  }

  /** Runs `fn` in the page with JSON arguments and resolves its (JSON) result. */
  evaluate<A extends unknown[], R>(fn: (...args: A) => R | Promise<R>, ...args: A): Promise<Awaited<R>> {
    return this.adapter.run<Awaited<R>>(scriptFor(fn), args);
  }

  /** Asks the page about a query, loading the locator first where the page has none. */
  private async ask<T>(query: Query, what: Inspection, attribute?: string): Promise<T | null> {
    const args = [toPageQuery(query), what, attribute ?? null] as const;
    const answer = async () =>
      what === 'element'
        ? await this.adapter.runForElement(scriptFor(inspect), args)
        : await this.adapter.run<unknown>(scriptFor(inspect), args);
    let result = await answer();
    if (result === NOT_INSTALLED) {
      await this.adapter.run(`${testingLibrarySource}\n${scriptFor(installLocator)}`, []);
      result = await answer();
    }
    if (result === NOT_INSTALLED) return null;
    return result as T | null;
  }

  /**
   * Waits for the first rendered element the query matches. Inside a frame it only waits: WebDriver
   * hands out references to the current frame's elements only, so a journey reads and asserts
   * inside a frame but does not click there.
   */
  async find(query: Query, timeout = WAIT_MS): Promise<Element> {
    let element: Element | null = null;
    const inFrame = hasFrame(query);
    await this.waitFor(
      async () => {
        if (inFrame) return ((await this.ask<number>(query, 'count')) ?? 0) > (query.nth ?? 0);
        element = await this.ask<Element>(query, 'element');
        return element !== null;
      },
      () => `no ${describeQuery(query)}`,
      timeout,
    );
    return element as unknown as Element;
  }

  /** Waits until nothing rendered matches the query. */
  async expectGone(query: Query, timeout = WAIT_MS): Promise<void> {
    await this.waitFor(
      async () => (await this.ask<number>(query, 'count')) === 0,
      () => `still ${describeQuery(query)}`,
      timeout,
    );
  }

  async click(query: Query): Promise<void> {
    if (hasFrame(query))
      throw new Error(`${this.engine}: a journey does not click inside a frame (${describeQuery(query)}).`);
    await this.act(query, 'click', (element) => this.adapter.click(element));
  }

  /** Clicks into the (empty) field and types, as a person would. */
  async type(query: Query, value: string): Promise<void> {
    if (hasFrame(query))
      throw new Error(`${this.engine}: a journey does not type inside a frame (${describeQuery(query)}).`);
    await this.act(query, 'type into', (element) => this.adapter.type(element, value));
  }

  /**
   * Finds the element and acts on it. A driver that refuses the action because the element cannot
   * take it at that moment (covered, moved out of view, or replaced between finding and acting) is
   * asked again with a fresh find, as a person would try again, until WAIT_MS; any other failure
   * ends the step at once. A refusal that lasts names itself in the timeout's last error.
   */
  private async act(query: Query, verb: string, action: (element: Element) => Promise<void>): Promise<void> {
    await this.waitFor(
      async () => {
        const element = await this.ask<Element>(query, 'element');
        if (element === null) return false;
        try {
          await action(element);
          return true;
        } catch (error) {
          if (!isMomentaryRefusal(error)) throw new ActionFailed(error);
          // The driver's refusal often has no message: what the page shows there is the cause.
          const where = await this.adapter.run<string>(OBSTRUCTION, [element]).catch(() => 'unreadable');
          const refusal = `${(error as Error).name} ${(error as Error).message} (${where})`.replace(
            /\n/g,
            ' ',
          );
          if (verb === 'click' && refusedThoughShown(error, where)) {
            // WebKitWebDriver, on a loaded machine, refused a radio that was in the viewport, its own
            // label at its centre, for 20 s (the MiniBrowser window and the page's viewport then
            // disagree). The page shows it and nothing covers it, so it is clicked from the page.
            console.warn(`${this.engine}: the driver refused a click the page can take: ${refusal}`);
            await this.adapter.run('args[0].click();', [element]);
            return true;
          }
          throw new Error(refusal);
        }
      },
      () => `could not ${verb} ${describeQuery(query)}`,
    );
  }

  /** Waits for a match and returns its text, whitespace collapsed. */
  async text(query: Query, timeout = WAIT_MS): Promise<string> {
    let value: string | null = null;
    await this.waitFor(
      async () => (value = await this.ask<string>(query, 'text')) !== null,
      () => `no ${describeQuery(query)}`,
      timeout,
    );
    return value ?? '';
  }

  /** Waits until the first match's text matches. */
  async expectText(query: Query, expected: Matcher, timeout = WAIT_MS): Promise<string> {
    let value: string | null = null;
    await this.waitFor(
      async () => {
        value = await this.ask<string>(query, 'text');
        if (value === null) return false;
        return typeof expected === 'string' ? value.includes(expected) : expected.test(value);
      },
      () => `${describeQuery(query)} says ${JSON.stringify(value)}, not ${describeMatcher(expected)}`,
      timeout,
    );
    return value ?? '';
  }

  /** Waits until the first match's attribute has the value ('' when absent). */
  async expectAttribute(query: Query, name: string, expected: Matcher, timeout = WAIT_MS): Promise<string> {
    let value: string | null = null;
    await this.waitFor(
      async () => {
        value = await this.ask<string>(query, 'attribute', name);
        if (value === null) return false;
        return typeof expected === 'string' ? value === expected : expected.test(value);
      },
      () => `${describeQuery(query)} has ${name}=${JSON.stringify(value)}, not ${describeMatcher(expected)}`,
      timeout,
    );
    return value ?? '';
  }

  /** Waits until the first match (a radio or checkbox) is checked. */
  async expectChecked(query: Query, timeout = WAIT_MS): Promise<void> {
    await this.waitFor(
      async () => (await this.ask<boolean>(query, 'checked')) === true,
      () => `${describeQuery(query)} is not checked`,
      timeout,
    );
  }

  /** Waits until the first match (a checkbox or switch) is not checked. */
  async expectUnchecked(query: Query, timeout = WAIT_MS): Promise<void> {
    await this.waitFor(
      async () => (await this.ask<boolean>(query, 'checked')) === false,
      () => `${describeQuery(query)} is checked`,
      timeout,
    );
  }

  /** Waits until exactly `expected` rendered elements match. */
  async expectCount(query: Query, expected: number | ((count: number) => boolean), timeout = WAIT_MS) {
    let count: number | null = null;
    await this.waitFor(
      async () => {
        count = await this.ask<number>(query, 'count');
        return count !== null && (typeof expected === 'number' ? count === expected : expected(count));
      },
      () => `${count ?? 'no'} of ${describeQuery(query)}`,
      timeout,
    );
    return count ?? 0;
  }

  /** Scrolls the first match into view, once there is one. */
  async scrollIntoView(query: Query): Promise<void> {
    await this.waitFor(
      async () => (await this.ask<boolean>(query, 'scroll')) === true,
      () => `no ${describeQuery(query)} to scroll to`,
    );
  }

  /** Polls `condition` until it holds; fails naming what it waited for, the engine and the page. */
  async waitFor(
    condition: () => Promise<boolean>,
    what: string | (() => string),
    timeout = WAIT_MS,
  ): Promise<void> {
    const deadline = Date.now() + timeout;
    let lastError: unknown;
    for (;;) {
      try {
        if (await condition()) return;
        lastError = undefined;
      } catch (error) {
        if (error instanceof ActionFailed) throw error.reason;
        // A navigation can end the page's context mid-script; the next poll asks the new page.
        lastError = error;
      }
      if (Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    const url = await this.url().catch(() => '(unknown)');
    const shown = await this.evaluate(() => document.body?.innerText ?? '').catch(() => '(unreadable)');
    const description = typeof what === 'string' ? what : what();
    throw new EngineTimeout(
      [
        `${this.engine}: ${description} after ${timeout / 1000} s`,
        `  at ${url}`,
        `  the page shows: ${shown.replace(/\s+/g, ' ').slice(0, 1500)}`,
        ...(lastError instanceof Error ? [`  last error: ${lastError.message.split('\n')[0]}`] : []),
      ].join('\n'),
    );
  }

  /** Waits until the page's path (and query) matches. */
  async expectPath(path: string | RegExp, timeout = WAIT_MS): Promise<void> {
    let last = '';
    await this.waitFor(
      async () => {
        const url = new URL(await this.url());
        last = url.pathname + url.search;
        return typeof path === 'string' ? last === path : path.test(last);
      },
      () => `the path is ${last}, not ${String(path)}`,
      timeout,
    );
  }

  close(): Promise<void> {
    return this.adapter.close();
  }
}
