/**
 * What the cross-engine journeys share: a browser at an audience's size, the reference server's dev
 * fixtures (asked from Node, as the Playwright specs' `request` does) and signing in through the form.
 */
import type { AssociationsConfirmationStatus } from '@promo/domain/types';
import { DEMO_PASSWORD, origins } from '../support/demo.ts';
import { Browser, inside, label, role, text, type EngineAdapter, type EngineName } from './driver.ts';
import { openFirefox } from './firefox-adapter.ts';
import { openWebKit } from './webkit-adapter.ts';

/** Customers carry phones, reps tablets. */
export const PHONE = { width: 390, height: 844 } as const;
export const TABLET = { width: 820, height: 1180 } as const;

/**
 * A journey's browser at the audience's size. WebKitGTK's MiniBrowser cannot be narrower than its
 * toolbar (447 CSS px): still a phone's layout, whose first breakpoint is 480 px.
 */
async function openBrowser(
  engine: EngineName,
  size: { width: number; height: number },
  base: string = origins.shell,
): Promise<Browser> {
  const adapter: EngineAdapter = engine === 'firefox' ? await openFirefox() : await openWebKit();
  const browser = new Browser(adapter, base);
  const got = await browser.viewport(size.width, size.height);
  const narrowest = size.width < 480 ? 479 : size.width;
  if (got.width < size.width || got.width > narrowest || got.height !== size.height) {
    await browser.close();
    throw new Error(
      `${engine}: asked for a ${size.width}×${size.height} viewport, got ${got.width}×${got.height}.`,
    );
  }
  return browser;
}

/** A JSON call to the reference server's API through the shell's origin (dev fixtures, invitations, the outbox). */
export async function api<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(`${origins.shell}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${text}`);
  return (text === '' ? undefined : JSON.parse(text)) as T;
}

export interface Fixture {
  email: string;
  password: string;
  accountId?: string;
}

/** A fresh customer cloned from the demo customer of the scenario (server README "Development endpoints"). */
export const freshCustomer = (scenario: AssociationsConfirmationStatus) =>
  api<Fixture & { accountId: string }>('/dev/fixtures/customer', { body: { scenario } });

/** A fresh rep for every region, with no saved branch selection. */
export const freshRep = () => api<Fixture>('/dev/fixtures/rep', { body: { withSelection: false } });

/** Signs in through the login screen, typing as a person would, and waits for the server's welcome. */
export async function signIn(browser: Browser, email: string, password = DEMO_PASSWORD): Promise<void> {
  await browser.open('/login');
  await browser.type(role('textbox', 'Email'), email);
  await browser.type(label(/^Password/), password);
  await browser.click(role('button', 'Sign In'));
}

/** Opens the browser for a journey's `before`, and closes it in `after` even when a step failed. */
export function journeyBrowser(
  engine: EngineName,
  size: { width: number; height: number },
  base?: string,
): { get: () => Browser; open: () => Promise<Browser>; close: () => Promise<void> } {
  let browser: Browser | undefined;
  return {
    get: () => {
      if (!browser) throw new Error(`${engine}: the journey's browser did not open.`);
      return browser;
    },
    open: async () => (browser = await openBrowser(engine, size, base)),
    close: async () => {
      await browser?.close();
      browser = undefined;
    },
  };
}

/** A journey step's limit: several screens, each a federated cold start on a busy 2-core machine. */
export const STEP_TIMEOUT = 60_000;

/**
 * The shell origin of an engine's offline journey: a stack of its own (e2e/support/pwa-stack.ts) on
 * PORT + 30 (Firefox) or + 32 (WebKit), each with its CDN on the next port, clear of the Playwright
 * run's PORT + 12 and + 20. The runner lets these origins call the API (ALLOWED_ORIGINS).
 */
export const offlineStackOrigin = (engine: EngineName) =>
  `http://localhost:${Number(process.env.PORT ?? 8080) + (engine === 'firefox' ? 30 : 32)}`;

/**
 * Waits for the notification with this message and closes it with its Dismiss button: it stays
 * five seconds over the top of the page, where it would take a quick journey's next click.
 */
export async function dismissNotification(browser: Browser, message: string): Promise<void> {
  await browser.find(text(message));
  // The only notification on screen at that moment: its Dismiss button is the page's only one. It
  // may close by itself just as the click arrives; either way it must be gone.
  await browser.click(role('button', 'Dismiss')).catch(() => undefined);
  await browser.expectGone(text(message));
}

/** One switch of My Account's Notifications: the kind's group, and the channel. */
export interface NotificationSwitch {
  kind: string;
  channel: 'Push notification' | 'E-mail';
}

/**
 * On My Account (`path`), turns one notification switch on and saves; after a reload it is still on,
 * and `untouched`, off until then, still off.
 */
export async function saveNotificationChoice(
  browser: Browser,
  path: string,
  turnOn: NotificationSwitch,
  untouched: NotificationSwitch,
): Promise<void> {
  const section = role('region', 'Notifications');
  const toggle = ({ kind, channel }: NotificationSwitch) =>
    inside(inside(section, role('group', kind)), role('switch', channel));
  await browser.open(path);
  await browser.expectUnchecked(toggle(turnOn));
  await browser.click(toggle(turnOn));
  await browser.click(inside(section, role('button', 'Save')));
  await dismissNotification(browser, 'Your notification choices have been saved.');
  await browser.open(path);
  await browser.expectChecked(toggle(turnOn));
  await browser.expectUnchecked(toggle(untouched));
}
