/**
 * WebKit: Debian's WebKitGTK, its MiniBrowser driven by WebKitWebDriver (package
 * webkit2gtk-driver) under Xvfb, through selenium-webdriver's classic WebDriver client. The runner
 * (run-engines.ts) starts the display and the driver and passes the driver's URL.
 */
import { Builder, type WebDriver, type WebElement } from 'selenium-webdriver';
import type { EngineAdapter } from './driver.ts';

const MINIBROWSER_PATH =
  process.env.EZY_MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Set by run-engines.ts: where its WebKitWebDriver listens. */
const webkitDriverUrl = () => {
  const url = process.env.EZY_WEBKIT_DRIVER_URL;
  if (!url)
    throw new Error('EZY_WEBKIT_DRIVER_URL is not set: run the engine tests with `npm run test:engines`.');
  return url;
};

const isElement = (value: unknown): value is WebElement =>
  typeof value === 'object' && value !== null && typeof (value as WebElement).getId === 'function';

class WebKitAdapter implements EngineAdapter<WebElement> {
  readonly engine = 'webkit' as const;

  constructor(
    private readonly driver: WebDriver,
    readonly version: string,
  ) {}

  goto(url: string): Promise<void> {
    return this.driver.get(url);
  }

  currentUrl(): Promise<string> {
    return this.driver.getCurrentUrl();
  }

  /**
   * The window is sized so that its viewport is width × height: the browser's toolbar is added to
   * the height. MiniBrowser's window has a minimum width (its toolbar's), so a phone's width comes
   * out wider; the size it got is returned for the journey to check.
   */
  async setViewport(width: number, height: number) {
    const window = this.driver.manage().window();
    const inner = () =>
      this.run<{ width: number; height: number }>(
        'return { width: window.innerWidth, height: window.innerHeight };',
        [],
      );
    await window.setRect({ width, height });
    // The window manager applies a size a moment later: measure, correct by what is missing, again.
    let got = await inner();
    for (let attempt = 0; attempt < 10 && (got.width < width || got.height !== height); attempt += 1) {
      const rect = await window.getRect();
      await window.setRect({
        width: rect.width + Math.max(0, width - got.width),
        height: rect.height + (height - got.height),
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
      got = await inner();
    }
    return got;
  }

  run<T>(body: string, args: readonly unknown[]): Promise<T> {
    // WebDriver's Execute Script passes arguments as `arguments` and awaits a returned promise.
    return this.driver.executeScript<T>(`const args = Array.from(arguments);\n${body}`, ...args);
  }

  async runForElement(body: string, args: readonly unknown[]): Promise<WebElement | null> {
    const value = await this.run<unknown>(body, args);
    return isElement(value) ? value : (value as null);
  }

  /** To the middle of the viewport first: scrolled only to an edge, a sticky header can cover it. */
  private async centre(element: WebElement): Promise<void> {
    await this.driver.executeScript(
      "arguments[0].scrollIntoView({ block: 'center', inline: 'center', behavior: 'instant' });",
      element,
    );
  }

  async click(element: WebElement): Promise<void> {
    await this.centre(element);
    await element.click();
  }

  async type(element: WebElement, text: string): Promise<void> {
    await this.centre(element);
    await element.click();
    await element.sendKeys(text);
  }

  close(): Promise<void> {
    return this.driver.quit();
  }
}

/** How long a new session may take: MiniBrowser starts in about a second. */
const SESSION_START_MS = 30_000;

function startSession(): Promise<WebDriver> {
  const session = new Builder()
    .usingServer(webkitDriverUrl())
    .withCapabilities({
      browserName: 'MiniBrowser',
      'webkitgtk:browserOptions': { binary: MINIBROWSER_PATH, args: ['--automation'] },
    })
    .build();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(
          new Error(`WebKitWebDriver started no MiniBrowser session within ${SESSION_START_MS / 1000} s.`),
        ),
      SESSION_START_MS,
    );
  });
  return Promise.race([session, late]).finally(() => clearTimeout(timer));
}

export async function openWebKit(): Promise<EngineAdapter<WebElement>> {
  let driver: WebDriver;
  try {
    driver = await startSession();
  } catch (error) {
    // Once in a while the driver does not answer a new session (seen under load); a second asks afresh.
    console.warn(`webkit: ${error instanceof Error ? error.message : String(error)} Trying once more.`);
    driver = await startSession();
  }
  const capabilities = await driver.getCapabilities();
  const version = `WebKitGTK ${String(capabilities.get('browserVersion') ?? '')}`.trim();
  return new WebKitAdapter(driver, version);
}
