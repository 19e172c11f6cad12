import { expect, test, type BrowserContext, type Locator, type Page, type Route } from '@playwright/test';
import { signInAsFreshCustomer, PROMOTIONS } from '../support/customer';
import { signInAsFreshRep } from '../support/salesrep';
import { offlineStoreKeys, persistedQueryKeys, serviceWorkerScope } from '../support/pwa';
import { origins } from '../support/demo';

// The installed app's return: the worker and the offline copy of an earlier visit are what it opens with.
test.use({ serviceWorkers: 'allow' });

/** The first, cold visit: the worker installs and caches the remote, the offline copy is written. */
const FIRST_VISIT = { timeout: 30_000 };

/** Records every layout shift of the page from its start (no input precedes them in these tests). */
async function recordLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Shift {
      value: number;
      startTime: number;
      sources: { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[];
    }
    const shifts: { value: number; startTime: number; moved: string[] }[] = [];
    (window as unknown as { __shifts: typeof shifts }).__shifts = shifts;
    const describe = (node: Node | null | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}${node.className ? `.${String(node.className)}` : ''} "${(node.textContent ?? '').slice(0, 40)}"`
        : String(node?.nodeName);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Shift[])
        shifts.push({
          value: entry.value,
          startTime: entry.startTime,
          moved: entry.sources.map(
            (source) =>
              `${describe(source.node)} ${JSON.stringify(source.previousRect)} -> ${JSON.stringify(source.currentRect)}`,
          ),
        });
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/**
 * The layout shifts the page has had since `since` (performance.now() of the page), leaving out the
 * element whose text the test itself changed (`edited`, by its new text): it may grow or shrink.
 */
async function shiftsSince(page: Page, since: number, edited: string) {
  const shifts = await page.evaluate(
    (from) =>
      (
        window as unknown as { __shifts: { value: number; startTime: number; moved: string[] }[] }
      ).__shifts.filter((shift) => shift.startTime >= from),
    since,
  );
  return shifts.filter((shift) => shift.moved.some((moved) => !moved.includes(`"${edited}`)));
}

/**
 * Each word spelt backwards: new text for the fresh answer that takes the room the old one took
 * (the same letters in each word), so a shift it causes is the page's, not the test's.
 */
const mirrored = (text: string) =>
  text
    .split(' ')
    .map((word) => [...word].reverse().join(''))
    .join(' ');

interface HeldApi {
  /** API requests the page has made and that are being held. */
  held: () => number;
  /** Lets every held answer (and all later ones) through; `edit` changes the JSON of matching answers. */
  release: () => void;
}

/**
 * Holds every API answer back until the test releases it: the server is slow, or the phone's link
 * is, for as long as the test looks at what the page draws without it. `edit` rewrites the answer
 * of the requests it matches, so the fresh data can be told from the saved copy.
 */
async function holdApi(
  page: Page,
  edit: { path: string; change: (body: string) => string },
): Promise<HeldApi> {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(`${origins.shell}/api/**`, async (route: Route) => {
    held += 1;
    await released;
    held -= 1;
    if (new URL(route.request().url()).pathname !== edit.path) return route.continue();
    const response = await route.fetch();
    await route.fulfill({ response, body: edit.change(await response.text()) });
  });
  return { held: () => held, release };
}

/** The first visit to `path`, until the worker controls the page and the offline copy holds `kept`. */
async function firstVisit(page: Page, path: string, ready: () => Promise<void>, kept: RegExp): Promise<void> {
  await page.goto(path);
  await ready();
  expect(await serviceWorkerScope(page)).toBe(`${origins.shell}/`);
  await expect
    .poll(async () => (await persistedQueryKeys(page)).some((key) => kept.test(key)), FIRST_VISIT)
    .toBe(true);
  // The worker has cached the remote's manifest, so the return takes its code from the device.
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys())))
            .flat()
            .some((request) => request.url.endsWith('/mf-manifest.json')),
        ),
      FIRST_VISIT,
    )
    .toBe(true);
}

/**
 * Opens `path` again in a new tab of `context` with every API answer held back: the saved `text`
 * must show, with "Updating…", before any answer; once the answers come (the one of `apiPath` with
 * `text` changed), the fresh text replaces it and nothing else on the page moves.
 */
async function reopenWithApiHeld(
  context: BrowserContext,
  path: string,
  { apiPath, text, shown }: { apiPath: string; text: string; shown: (page: Page, text: string) => Locator },
): Promise<void> {
  const again = await context.newPage();
  await recordLayoutShifts(again);
  const fresh = mirrored(text);
  const api = await holdApi(again, {
    path: apiPath,
    change: (body) => body.replaceAll(JSON.stringify(text), JSON.stringify(fresh)),
  });
  await again.goto(path);
  await expect(shown(again, text)).toBeVisible();
  await expect(again.getByRole('status').getByText('Updating…')).toBeVisible();
  // "Updating…" can show a moment before the refetch leaves the page; the saved text must still be
  // what the page shows once the request is out and held.
  await expect.poll(() => api.held()).toBeGreaterThan(0);
  await expect(shown(again, text)).toBeVisible();

  const releasedAt = await again.evaluate(() => performance.now());
  api.release();
  await expect(shown(again, fresh)).toBeVisible();
  await expect(again.getByRole('status').getByText('Updating…')).toBeHidden();
  expect(await shiftsSince(again, releasedAt, fresh)).toEqual([]);
}

test("the rep's customer table reopens with its saved rows while the API is held back, then takes the fresh ones in place", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signInAsFreshRep(page, { withSelection: true });
  const path = `/salesrep/promotions/${PROMOTIONS.multiTarget}`;
  const firstRow = (on: Page) => on.getByRole('table').getByRole('row').nth(1);
  await firstVisit(page, path, () => expect(firstRow(page)).toBeVisible(FIRST_VISIT), /^\["rep","customers"/);
  const name = (await firstRow(page).getByRole('link').first().textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(2);
  await page.close();

  await reopenWithApiHeld(context, path, {
    apiPath: '/api/v1/account/search',
    text: name,
    shown: (on, text) => firstRow(on).getByRole('link', { name: text, exact: true }),
  });
});

test('the sign-in page reopens with its form while the API is held back, and signing in then works', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const emailField = (on: Page) => on.getByRole('textbox', { name: 'Email', exact: true });
  await page.goto('/login');
  await expect(emailField(page)).toBeVisible(FIRST_VISIT);
  expect(await serviceWorkerScope(page)).toBe(`${origins.shell}/`);
  const fixture = await page.request.post('/api/v1/dev/fixtures/customer', {
    data: { scenario: 'confirmed' },
  });
  expect(fixture.ok(), await fixture.text()).toBe(true);
  const { email, password } = (await fixture.json()) as { email: string; password: string };
  await page.close();

  // No session is saved on the device, so the form draws before any answer, and the session check
  // is sent behind it.
  const again = await context.newPage();
  const api = await holdApi(again, { path: '', change: (body) => body });
  await again.goto('/login');
  await expect(emailField(again)).toBeVisible();
  await expect.poll(() => api.held()).toBeGreaterThan(0);

  api.release();
  await emailField(again).fill(email);
  await again.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await again.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(again).toHaveURL(`${origins.shell}/`);
});

const TRACKING_VIEW = `/promotions/${PROMOTIONS.multiTarget}`;

/** A fresh customer's first visit to the tracking view, closed once saved; returns its heading. */
async function visitTrackingViewOnce(page: Page): Promise<string> {
  await signInAsFreshCustomer(page, 'confirmed');
  const heading = page.getByRole('heading', { level: 1 });
  await firstVisit(page, TRACKING_VIEW, () => expect(heading).toBeVisible(FIRST_VISIT), /promotion/);
  const name = (await heading.textContent())?.trim() ?? '';
  expect(name.length).toBeGreaterThan(2);
  await page.close();
  return name;
}

test("the customer's tracking view reopens with its saved progress while the API is held back, then takes the fresh one in place", async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const name = await visitTrackingViewOnce(page);
  await reopenWithApiHeld(context, TRACKING_VIEW, {
    apiPath: '/api/v1/promotion/get',
    text: name,
    shown: (on, text) => on.getByRole('heading', { level: 1, name: text, exact: true }),
  });
});

test('a return after the session ended on the server signs out, and the saved data goes with it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await visitTrackingViewOnce(page);

  // Signed out elsewhere, or the session expired: the browser's cookie no longer opens it.
  await context.clearCookies();
  const again = await context.newPage();
  await again.goto(TRACKING_VIEW);
  await expect(again).toHaveURL(`${origins.shell}/login`);
  await expect(again.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect.poll(() => persistedQueryKeys(again)).toEqual([]);
});

/** What #root showed, in order: index.html's Loading… frame, the kept picture (inert), or the live app. */
interface ShownScreen {
  kind: 'boot' | 'picture' | 'live';
  text: string;
}

/** Records each change of what #root shows, from before the page's first paint. */
async function recordScreens(page: Page): Promise<() => Promise<ShownScreen[]>> {
  await page.addInitScript(() => {
    const shown: { kind: string; text: string }[] = [];
    (window as unknown as { __shown: typeof shown }).__shown = shown;
    new MutationObserver(() => {
      const first = document.getElementById('root')?.firstElementChild;
      if (!first) return;
      const kind = first.classList.contains('boot-header')
        ? 'boot'
        : first.hasAttribute('inert')
          ? 'picture'
          : 'live';
      if (shown.at(-1)?.kind !== kind)
        shown.push({ kind, text: document.getElementById('root')?.textContent ?? '' });
    }).observe(document, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __shown: ShownScreen[] }).__shown);
}

test('the tracking view reopens as the customer left it, drawn from the device before the app has rendered, then the live page takes over', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const name = await visitTrackingViewOnce(page);
  const again = await context.newPage();
  const shown = await recordScreens(again);
  await again.goto(TRACKING_VIEW);
  await expect(again.getByRole('heading', { level: 1, name, exact: true })).toBeVisible();
  await expect(again.getByRole('button', { name: 'Show Promo Details' })).toBeEnabled();
  const screens = await shown();
  expect(screens.map((screen) => screen.kind)).toEqual(['boot', 'picture', 'live']);
  expect(screens[1]?.text).toContain(name);

  // Signing out forgets the kept screens with the rest of the offline store.
  expect(await offlineStoreKeys(again)).toContain('last-screens');
  await again.getByRole('button', { name: 'Menu' }).click();
  await again.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Logout' }).click();
  await expect(again).toHaveURL(`${origins.shell}/login`);
  await expect.poll(() => offlineStoreKeys(again)).toEqual([]);
});
