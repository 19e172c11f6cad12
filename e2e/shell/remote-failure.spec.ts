import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { startStaticHost, type StaticHost } from '../../scripts/host/static-host';
import { demo, flakyRemotePort, origins, signInWithForm } from '../support/demo';

const CUSTOMER_DIST = fileURLToPath(new URL('../../remotes/customer/dist', import.meta.url));

test('a remote that is down shows a fallback inside the page, and "Try again" recovers once it is back', async ({
  page,
}) => {
  let host: StaticHost | undefined;
  // Point the customer remote at a server this test starts and stops itself.
  await page.route('**/registry.json', async (route) => {
    const response = await route.fetch();
    const registry = (await response.json()) as {
      remotes: Record<string, { version: string; manifest: string }>;
    };
    registry.remotes.customer = {
      version: 'flaky',
      manifest: `http://localhost:${flakyRemotePort}/mf-manifest.json`,
    };
    await route.fulfill({ response, json: registry });
  });
  try {
    await signInWithForm(page, demo.customer);
    await expect(page.getByRole('heading', { name: 'This section could not be loaded' })).toBeVisible();

    // The shell around it still works: the menu opens and lists the customer's entries.
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Logout' })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();

    host = await startStaticHost({
      root: CUSTOMER_DIST,
      port: flakyRemotePort,
      corsOrigins: [origins.shell],
    });
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  } finally {
    await host?.close();
  }
});
