/**
 * Waiting for the shell's service worker to have cached what a page loaded, for the measurements
 * of a visit after the first (`route-budgets.ts`' repeat visit, `return-visit.ts`).
 */
import type { BrowserContext, Page } from '@playwright/test';
import { remoteVersionFiles, type RemoteManifest } from '@promo/shell/service-worker/remote-versions';

/** How long the first visit may take to cache its files and save its data. */
export const SETTLE_TIMEOUT_MS = 60_000;
/** How often the page looks again (Playwright's waitForFunction does not wait for an async check). */
export const POLL_MS = 250;

/**
 * Resolves once the worker controls the page and has cached what a return visit asks it for: every
 * script, stylesheet and manifest the page loaded (those loaded before it took control once the page
 * hands them over) and every file of each remote version the page loaded a manifest of (cached
 * whole, in the background, once the worker has the manifest). Asked once the page's network is
 * idle, when the page's resource timing lists everything the route loaded.
 */
export async function waitForServiceWorkerCache(context: BrowserContext, page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForLoadState('networkidle');
  const loaded = await page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => entry.name),
  );
  const manifests = loaded.filter((url) => url.endsWith('/mf-manifest.json'));
  const expected = new Set(loaded.filter((url) => /\.(m?js|css|json)$/.test(new URL(url).pathname)));
  for (const manifest of manifests) {
    const listed = (await (await context.request.get(manifest)).json()) as RemoteManifest;
    for (const url of remoteVersionFiles(manifest, listed)) expected.add(url);
  }
  const missing = await page.evaluate(
    async ({ urls, timeoutMs, pollMs }) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const cached = new Set<string>();
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) cached.add(request.url);
        }
        const notYet = urls.filter((url) => !cached.has(url));
        if (notYet.length === 0 || Date.now() > deadline) return notYet;
        await new Promise((resolve) => setTimeout(resolve, pollMs));
      }
    },
    { urls: [...expected], timeoutMs: SETTLE_TIMEOUT_MS, pollMs: POLL_MS },
  );
  if (missing.length > 0) {
    throw new Error(
      `The service worker had not cached ${missing.join(', ')} after ${SETTLE_TIMEOUT_MS / 1000} s.`,
    );
  }
}
