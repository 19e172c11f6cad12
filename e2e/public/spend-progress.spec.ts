import { expect, test, type Page } from '@playwright/test';
import { buildSpendProgressMessage, DAY_MS } from '@promo/domain/testing/data-generators';
import { origins } from '../support/demo';
import { expectNoSeriousA11yViolations } from '../support/public';

/**
 * A portal page that embeds /spend-progress, served (by the test) on the shell's origin: the local
 * environment's allowed parent. Beside it, an advert frame from another origin, which can reach the
 * spend-progress frame through window.parent.frames as any third-party frame on a portal could.
 */
const PARENT_URL = `${origins.shell}/e2e-portal/spend-progress-parent`;
const OTHER_ORIGIN = 'http://other-origin.test';

const PARENT_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Dealer portal</title></head>
<body><main><h1>Dealer portal</h1>
<iframe id="progress" title="Spend progress" src="/spend-progress" style="width:100%;height:1400px;border:0"></iframe>
<iframe id="advert" title="Advert" src="${OTHER_ORIGIN}/advert.html" style="width:300px;height:60px;border:0"></iframe>
</main>
<script>
  window.spendProgressReady = 0;
  window.addEventListener('message', (event) => {
    if (event.origin === location.origin && event.data && event.data.type === 'ezy-spend-progress-ready') {
      window.spendProgressReady += 1;
    }
  });
</script></body></html>`;

const ADVERT_HTML = `<!doctype html><html lang="en"><head><title>Advert</title></head><body><p>Advert</p></body></html>`;

const now = Date.now();
const single = buildSpendProgressMessage({
  startTimestamp: now - 10 * DAY_MS,
  endTimestamp: now + 25 * DAY_MS,
  totalSpend: 2500,
  currentProgressTargets: [{ targetNumber: 1, amount: 10000 }],
});
const multi = buildSpendProgressMessage({
  startTimestamp: now - 10 * DAY_MS,
  endTimestamp: now + 25 * DAY_MS,
  totalSpend: 15000,
  currentProgressTargets: [
    { targetNumber: 1, amount: 10000 },
    { targetNumber: 2, amount: 20000 },
    { targetNumber: 3, amount: 30000 },
  ],
  dailySalesTargets: [400, 800, 1200],
});

async function openPortal(page: Page) {
  await page.route(PARENT_URL, (route) => route.fulfill({ contentType: 'text/html', body: PARENT_HTML }));
  await page.route(`${OTHER_ORIGIN}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: ADVERT_HTML }),
  );
  await page.goto(PARENT_URL);
  // The embedded page says when it listens; only then does the portal post. It starts the whole
  // app cold in the frame (shell, registry, public remote), which took over 5 s once on a busy CI.
  await expect
    .poll(
      () => page.evaluate(() => (window as unknown as { spendProgressReady: number }).spendProgressReady),
      {
        timeout: 15_000,
      },
    )
    .toBe(1);
  return page.frameLocator('#progress');
}

function postFromPortal(page: Page, message: unknown) {
  return page.evaluate((data) => {
    const frame = document.querySelector<HTMLIFrameElement>('#progress');
    frame?.contentWindow?.postMessage(data, location.origin);
  }, message);
}

test('a message from the allowed parent shows the single-target view, then the multi-target view', async ({
  page,
}) => {
  const progress = await openPortal(page);
  await expect(progress.getByText('Waiting for your spend progress…')).toBeVisible();

  await postFromPortal(page, single);
  const singleView = progress.getByRole('region', { name: 'Your progress', exact: true });
  await expect(singleView).toBeVisible();
  await expect(singleView.getByRole('progressbar', { name: 'Spend against target' })).toHaveAttribute(
    'aria-valuenow',
    '25',
  );
  await expect(singleView.getByText('$2,500.00')).toBeVisible();
  // The end is 25 days from now: 26 days remaining, today included (docs/product-rules.md).
  await expect(progress.getByText('Promo Days Remaining: 26')).toBeVisible();
  await expect(progress.getByText('Test Motors Ltd (G100001)')).toBeVisible();

  await postFromPortal(page, multi);
  const multiView = progress.getByRole('region', { name: 'Your progress across 3 targets' });
  await expect(multiView).toBeVisible();
  await expect(multiView.getByRole('progressbar')).toHaveCount(3);
  await expect(multiView.getByRole('progressbar', { name: 'Target 2 progress' })).toHaveAttribute(
    'aria-valuenow',
    '75',
  );
  await expect(singleView).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});

test('a message from another origin changes nothing (and is logged)', async ({ page }) => {
  const progress = await openPortal(page);
  await postFromPortal(page, single);
  const singleView = progress.getByRole('region', { name: 'Your progress', exact: true });
  await expect(singleView).toBeVisible();

  const ignored = page.waitForEvent('console', (message) =>
    message.text().includes(`ignored a message from ${OTHER_ORIGIN}`),
  );
  const advert = page.frame({ url: `${OTHER_ORIGIN}/advert.html` });
  if (!advert) throw new Error('The advert frame is missing.');
  await advert.evaluate((data) => window.parent.frames[0]?.postMessage(data, '*'), multi);
  await ignored;

  await expect(singleView).toBeVisible();
  await expect(singleView.getByText('$2,500.00')).toBeVisible();
  await expect(progress.getByRole('region', { name: /across 3 targets/ })).toHaveCount(0);
});

test('a message of the wrong shape from the allowed parent is ignored and logged', async ({ page }) => {
  const progress = await openPortal(page);
  const ignored = page.waitForEvent('console', (message) =>
    message.text().includes('totalSpend: expected a finite number'),
  );
  await postFromPortal(page, { ...single, totalSpend: '<img src=x onerror=alert(1)>' });
  await ignored;
  await expect(progress.getByText('Waiting for your spend progress…')).toBeVisible();
});
