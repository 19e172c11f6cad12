import { expect, test, type Page, type Response } from '@playwright/test';
import { COMPILE_HINT, COMPILE_HINT_MIN_BYTES } from '../../scripts/build/compile-hints';
import { PROMOTIONS } from '../support/customer';
import { demo, origins, signInWithApi } from '../support/demo';

interface Script {
  path: string;
  body: string;
}

/** The scripts the page takes from now on, with their bodies as the host sent them (decoded). */
function watchScripts(page: Page): () => Promise<Script[]> {
  let pending: Promise<Script>[] = [];
  page.on('response', (response: Response) => {
    if (response.request().resourceType() !== 'script') return;
    pending.push(response.text().then((body) => ({ path: new URL(response.url()).pathname, body })));
  });
  return async () => {
    const taken = await Promise.all(pending);
    pending = [];
    return taken;
  };
}

const hinted = ({ body }: Script) => body.startsWith(COMPILE_HINT);
const large = ({ body }: Script) => body.length >= COMPILE_HINT_MIN_BYTES + COMPILE_HINT.length;

/**
 * The scripts a screen runs on load come with V8's compile hint (scripts/build/compile-hints.ts), so
 * their functions are compiled as they stream in rather than on the main thread at first call;
 * the interactive chart's (ECharts) do not, as it calls a small part of the library. Checked on
 * what the built apps serve: past the minifier, which drops comments, and in the precompressed
 * copies the host sends.
 */
test("the tracking view's scripts start with V8's compile hint; the interactive chart's do not", async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  const takenSince = watchScripts(page);
  await page.goto(`${origins.shell}/promotions/${PROMOTIONS.multiTarget}`);
  const chart = page.getByRole('img', { name: /^Spend chart from / });
  await expect(chart.locator('[data-chart-picture] svg')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const onLoad = (await takenSince()).filter(large);
  expect(onLoad.map(({ path }) => path)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\/static\/js\/index\./),
      expect.stringMatching(/remoteEntry\.js$/),
    ]),
  );
  expect(onLoad.filter((script) => !hinted(script)).map(({ path }) => path)).toEqual([]);

  // Reaching for the chart brings the interactive chart's code.
  await chart.hover();
  await expect(chart.locator('[_echarts_instance_] svg')).toBeVisible();
  await page.waitForLoadState('networkidle');
  const forTheChart = (await takenSince()).filter(large);
  expect(forTheChart.length).toBeGreaterThan(0);
  expect(forTheChart.filter(hinted).map(({ path }) => path)).toEqual([]);
});
