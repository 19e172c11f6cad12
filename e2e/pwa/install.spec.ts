import { expect, test } from '@playwright/test';
import { origins } from '../support/demo';
import { serviceWorkerScope } from '../support/pwa';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

test.describe('installing the app', () => {
  test.use({ serviceWorkers: 'allow' });

  test("meets Chromium's install criteria: a complete web app manifest and a worker at the root", async ({
    page,
  }) => {
    await page.goto('/login');
    expect(await serviceWorkerScope(page)).toBe(`${origins.shell}/`);
    const cdp = await page.context().newCDPSession(page);
    const manifest = await cdp.send('Page.getAppManifest');
    expect(manifest.url).toBe(`${origins.shell}/manifest.webmanifest`);
    expect(manifest.errors).toEqual([]);
    expect(JSON.parse(manifest.data ?? '{}')).toMatchObject({
      name: 'Ezy Rewards',
      short_name: 'Ezy Rewards',
      start_url: '/',
      display: 'standalone',
      theme_color: '#0b4f9c',
      icons: expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', type: 'image/png' }),
        expect.objectContaining({ sizes: '512x512', type: 'image/png', purpose: 'maskable' }),
      ]),
    });
    // What Chrome itself checks before it offers to install the app: nothing missing. Playwright's
    // contexts are incognito profiles, where Chrome never installs anything ('in-incognito'): that one
    // is about the browser, not the app (scripts/perf/lighthouse.ts checks with a normal profile).
    await expect
      .poll(
        async () =>
          (await cdp.send('Page.getInstallabilityErrors')).installabilityErrors
            .map((error) => error.errorId)
            .filter((id) => id !== 'in-incognito'),
        { timeout: 30_000 },
      )
      .toEqual([]);
  });
});

test.describe('on an iPhone', () => {
  test.use({ userAgent: IPHONE, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

  test('the add-to-home-screen banner shows, and stays dismissed for the session', async ({
    page,
    context,
  }) => {
    await page.goto('/login');
    const banner = page.getByRole('complementary', { name: 'Install Ezy Rewards' });
    await expect(banner).toContainText('tap the Share button and then Add to Home Screen.');
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await expect(banner).toBeHidden();

    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(banner).toBeHidden();

    // A new tab is a new session: the banner is offered again.
    const next = await context.newPage();
    await next.goto('/login');
    await expect(next.getByRole('complementary', { name: 'Install Ezy Rewards' })).toBeVisible();
  });
});

test('other browsers do not show the iOS banner', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  await expect(page.getByRole('complementary', { name: 'Install Ezy Rewards' })).toHaveCount(0);
});
