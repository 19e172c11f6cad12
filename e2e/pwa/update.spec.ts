import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { demo, signInWithApi } from '../support/demo';
import { serviceWorkerScope } from '../support/pwa';
import { changedCustomerBuild } from '../support/remote-builds';
import {
  buildShell,
  copyOfShellBuild,
  pwaStackOrigins,
  startPwaStack,
  type PwaStack,
} from '../support/pwa-stack';

const UPDATE_TEXT = 'A new version is available, click on reload button to update.';
/** The next build's date; in Auckland (the test's time zone) it reads 1 January 2030, 1:00 PM. */
const NEXT_BUILD_DATE = '2030-01-01T00:00:00.000Z';

test.use({ serviceWorkers: 'allow', baseURL: pwaStackOrigins.shell, timezoneId: 'Pacific/Auckland' });
// A new worker downloads the whole shell for its precache before it can wait; on a busy machine
// that takes a while. The waits below are for conditions, with room for that.
test.describe.configure({ timeout: 90_000 });
const INSTALL_TIMEOUT = { timeout: 30_000 };

let stack: PwaStack;
let currentShell: string;
let nextShell: string;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  currentShell = copyOfShellBuild();
  nextShell = buildShell(NEXT_BUILD_DATE);
  stack = await startPwaStack(currentShell);
});

test.afterAll(async () => {
  await stack?.close();
  for (const dist of [currentShell, nextShell])
    if (dist) rmSync(dirname(dist), { recursive: true, force: true });
});

/** The build date label of the running version, as the side menu shows it. */
async function runningBuildDate(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const label = (await menu.getByText(/^Version of /).textContent()) ?? '';
  await menu.getByRole('button', { name: 'Close menu' }).click();
  return label;
}

async function openDashboard(page: Page) {
  await signInWithApi(page, demo.customer);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /^Active Promotions/ })).toBeVisible(INSTALL_TIMEOUT);
  await serviceWorkerScope(page);
}

test('a new build is offered by the update prompt; Close dismisses it, Reload activates it', async ({
  page,
}) => {
  stack.serveShell(currentShell);
  await openDashboard(page);
  const before = await runningBuildDate(page);
  expect(before).not.toContain('1 January 2030');

  // Deploy the next build. The browser looks for a new sw.js when the app is opened again; the new
  // version installs and waits, and the page keeps running the version it started with.
  stack.serveShell(nextShell);
  await page.reload();
  const prompt = page.getByRole('region', { name: 'Update available' });
  await expect(prompt).toBeVisible(INSTALL_TIMEOUT);
  await expect(prompt.getByText(UPDATE_TEXT, { exact: true })).toBeVisible();
  await expect(prompt).toContainText(before);
  expect(await runningBuildDate(page)).toBe(before);

  await prompt.getByRole('button', { name: 'Close' }).click();
  await expect(prompt).toBeHidden();
  expect(await runningBuildDate(page)).toBe(before);

  // Still waiting, so it is offered again at the next start; Reload hands over and the page reloads.
  await page.reload();
  await expect(prompt).toBeVisible(INSTALL_TIMEOUT);
  // The menu is read once the page has reloaded: a read that began before the reload would wait
  // for a menu the new page never opened.
  const reloaded = page.waitForEvent('load', INSTALL_TIMEOUT);
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: /^Active Promotions/ })).toBeVisible();
  await expect(prompt).toBeHidden();
  expect(await runningBuildDate(page)).toBe('Version of 1 January 2030, 1:00 PM');
});

test('a remote redeployed while the app is open is offered by the same prompt; Reload loads it', async ({
  page,
}) => {
  stack.serveShell(currentShell);
  await openDashboard(page);
  await expect(page.getByRole('heading', { name: 'Active Promotions', exact: true })).toBeVisible();

  const changed = changedCustomerBuild('v2');
  stack.deploy('customer', changed, `2.0.0-pwa-${Date.now()}`);
  rmSync(dirname(changed), { recursive: true, force: true });
  // The app checks for new remote deployments periodically and whenever it becomes visible again.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  const prompt = page.getByRole('region', { name: 'Update available' });
  await expect(prompt.getByText(UPDATE_TEXT, { exact: true })).toBeVisible(INSTALL_TIMEOUT);

  await prompt.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('heading', { name: 'Active Promotions v2' })).toBeVisible(INSTALL_TIMEOUT);
  await expect(prompt).toBeHidden();
});
