/**
 * Gecko: Debian's firefox-esr, driven over WebDriver BiDi by puppeteer-core, which speaks BiDi to
 * Firefox itself (no geckodriver, nothing downloaded). Playwright's own Firefox channel does not
 * work with this ESR (docs/decisions/036-engine-suite.md).
 */
import puppeteer, { type Browser, type ConsoleMessage, type ElementHandle, type Page } from 'puppeteer-core';
import type { EngineAdapter } from './driver.ts';

const FIREFOX_PATH = process.env.EZY_FIREFOX_PATH ?? '/usr/bin/firefox-esr';

/** A console message's text, an Error argument read in the page as its name, message and cause. */
async function messageText(message: ConsoleMessage): Promise<string> {
  const parts = await Promise.all(
    message
      .args()
      .map((arg) =>
        arg
          .evaluate((value) =>
            value instanceof Error
              ? `${value.name}: ${value.message}${value.cause instanceof Error ? ` (cause: ${value.cause.message})` : ''}`
              : String(value),
          )
          .catch(() => arg.toString()),
      ),
  );
  return parts.length > 0 ? parts.join(' ') : message.text();
}

class FirefoxAdapter implements EngineAdapter<ElementHandle> {
  readonly engine = 'firefox' as const;
  private readonly errors: Promise<string>[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly page: Page,
    readonly version: string,
  ) {
    page.on('console', (message) => {
      if (message.type() === 'error') this.errors.push(messageText(message));
    });
    page.on('pageerror', (error) => this.errors.push(Promise.resolve(`uncaught: ${String(error)}`)));
    page.on('requestfailed', (request) =>
      this.errors.push(
        Promise.resolve(`request failed: ${request.url()} (${request.failure()?.errorText ?? '?'})`),
      ),
    );
  }

  consoleErrors(): Promise<string[]> {
    return Promise.all(this.errors);
  }

  async goto(url: string): Promise<void> {
    // The document's load is enough: the journeys wait for what they look for.
    await this.page.goto(url, { waitUntil: 'load' });
  }

  currentUrl(): Promise<string> {
    return Promise.resolve(this.page.url());
  }

  async setViewport(width: number, height: number) {
    await this.page.setViewport({ width, height });
    return this.page.evaluate(() => ({ width: window.innerWidth, height: window.innerHeight }));
  }

  private call(body: string, args: readonly unknown[]) {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the page function's source, built by driver.ts
    const fn = new Function('...args', body) as (...values: unknown[]) => unknown;
    return this.page.evaluateHandle(fn, ...args);
  }

  async run<T>(body: string, args: readonly unknown[]): Promise<T> {
    const handle = await this.call(body, args);
    try {
      return (await handle.jsonValue()) as T;
    } finally {
      await handle.dispose();
    }
  }

  async runForElement(body: string, args: readonly unknown[]): Promise<ElementHandle | null> {
    const handle = await this.call(body, args);
    const element = handle.asElement() as ElementHandle | null;
    if (!element) {
      const value = await handle.jsonValue().catch(() => null);
      await handle.dispose();
      return value as null;
    }
    return element;
  }

  async click(element: ElementHandle): Promise<void> {
    // To the middle of the viewport first: scrolled only to an edge, a sticky header can cover it.
    await element.scrollIntoView();
    await element.click();
    await element.dispose();
  }

  async type(element: ElementHandle, text: string): Promise<void> {
    await element.scrollIntoView();
    await element.click();
    await element.type(text);
    await element.dispose();
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

export async function openFirefox(): Promise<EngineAdapter<ElementHandle>> {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    protocolTimeout: 60_000,
  });
  const page = (await browser.pages())[0] ?? (await browser.newPage());
  return new FirefoxAdapter(browser, page, await browser.version());
}
