import type { Page } from '@playwright/test';
import { localCdnOrigin } from '@promo/domain/environments/environments';
import type { RemoteName } from '@promo/domain/paths';
import { DEMO_EMAILS, DEMO_PASSWORD } from '@promo/server/demo-logins';
import { CHART_WORKER_SCRIPT } from '../../scripts/perf/route-budgets.ts';

/** The demo logins, as the reference server seeds them (README "Demo logins"). */
export const demo = DEMO_EMAILS;
export { DEMO_PASSWORD };

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * The origins `scripts/dev/start.ts` serves: the shell (with the API) and the local CDN on the next
 * port (the registry and every remote's versions); the same environment variable moves both.
 */
const shellOrigin = `http://localhost:${port('PORT', 8080)}`;
export const origins = { shell: shellOrigin, cdn: localCdnOrigin(shellOrigin) } as const;

/** Where the CDN serves a remote's deployed versions: what a page downloads of that remote. */
export const remoteFiles = (remote: RemoteName) => `${origins.cdn}/${remote}/`;

/**
 * The one loopback origin the API may push to in these tests (PUSH_TEST_ORIGINS,
 * e2e/playwright.config.ts): the subscriptions the push tests hand the server name it. Port 9
 * (discard) has no listener: the browser stands in for the push service (e2e/pwa/notifications.spec.ts).
 */
export const pushTestOrigin = 'http://127.0.0.1:9';

/** An origin the start script's Content-Security-Policy admits for a remote a test serves itself. */
export const flakyRemotePort = port('PORT', 8080) + 12;
export const flakyRemoteOrigin = `http://localhost:${flakyRemotePort}`;

/** Signs in through the login screen, as a person would. */
export async function signInWithForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs in through the API (the page's cookie jar), for tests about what happens after. */
export async function signInWithApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post('/api/v1/session/login', { data: { email, password } });
  if (!response.ok())
    throw new Error(`Sign-in as ${email} failed: ${response.status()} ${await response.text()}`);
}

/** Every URL the page requested, to prove which remotes an audience downloaded. */
export function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** A marker only ECharts' code carries: the attribute it stamps on the element it draws into. */
const ECHARTS_MARKER = '_echarts_instance_';

/**
 * Watches the JavaScript a remote serves and tells which of it is ECharts, by content (chunk names
 * are build hashes), so a test can prove a screen downloaded no chart code. Each remote that draws
 * the spend chart bundles its own ECharts. `urls` is the page's chart code, the interactive chart;
 * `workerUrls` the picture worker's.
 */
export function watchEchartsDownloads(
  page: Page,
  remote: RemoteName,
): { urls: string[]; workerUrls: string[]; settled: () => Promise<void> } {
  const urls: string[] = [];
  const workerUrls: string[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response) => {
    const url = response.url();
    if (!url.startsWith(remoteFiles(remote)) || !url.endsWith('.js')) return;
    pending.push(
      response
        .text()
        .then((body) => {
          if (!body.includes(ECHARTS_MARKER)) return;
          (CHART_WORKER_SCRIPT.test(new URL(url).pathname) ? workerUrls : urls).push(url);
        })
        .catch(() => undefined),
    );
  });
  return { urls, workerUrls, settled: async () => void (await Promise.all(pending)) };
}
