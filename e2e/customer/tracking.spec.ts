import {
  PROMOTIONS,
  expectNoSeriousAxeViolations,
  watchEchartsDownloads,
  FLOW_TIMEOUT_MS,
  expect,
  test,
} from '../support/customer';
import { demo, signInWithApi } from '../support/demo';

test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

test('the dashboard and promotion details download no chart code; tracking shows the chart, rings, pill and tiles', async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  const echarts = watchEchartsDownloads(page, 'customer');

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Active Promotions' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page
    .getByRole('region', { name: 'New Promotions' })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page.getByRole('button', { name: 'Participate' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await echarts.settled();
  expect(echarts.urls).toEqual([]);

  await page.getByRole('link', { name: 'Ezy Rewards home' }).click();
  await page
    .getByRole('region', { name: 'Active Promotions' })
    .getByRole('link', { name: 'Track Promo' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/promotions/${PROMOTIONS.multiTarget}$`));

  const chart = page.getByRole('img', { name: /^Spend chart from / });
  // The pointer is moved off the page's content: a chart scrolled under it counts as reached for.
  await page.mouse.move(0, 0);
  await chart.scrollIntoViewIfNeeded();
  // First the chart's picture, drawn in a worker: the actual spend line, in its colour. The page
  // has requested none of the interactive chart's code.
  await expect(chart.locator('[data-chart-picture] svg')).toBeVisible();
  await expect(chart.locator('[data-chart-picture] path[stroke="#0b4f9c"]').first()).toBeAttached();
  await echarts.settled();
  expect(echarts.workerUrls.length).toBeGreaterThan(0);
  expect(echarts.urls).toEqual([]);
  // Reaching for the chart brings the interactive chart, drawn in the picture's place.
  await chart.hover();
  await expect(chart.locator('[_echarts_instance_] svg')).toBeVisible();
  await expect(chart.locator('[data-chart-picture]')).toHaveCount(0);
  await expect(chart.locator('path[stroke="#0b4f9c"]').first()).toBeAttached();
  await echarts.settled();
  expect(echarts.urls.length).toBeGreaterThan(0);

  // The first ring names its target: "96% of Target 2", or "100% Target 3 achieved" once all are.
  await expect(page.getByRole('img', { name: /^\d+% (of Target \d|Target \d achieved)$/ })).toBeVisible();
  await expect(page.getByRole('img', { name: /^\d+% Time completed$/ })).toBeVisible();
  const pill = page.getByText('Promo Days Remaining').locator('..');
  await expect(pill).toHaveAttribute('data-colour', /^(green|olive|amber|orange|red-orange|red)$/);
  await expect(page.getByRole('term').filter({ hasText: /^Actual$/ })).toBeVisible();
  // The chart's text alternative: its figures week by week, for screen readers.
  const weeks = page.getByRole('table', { name: 'Spend by week' });
  await expect(weeks.getByRole('row')).not.toHaveCount(0);
  await expect(weeks.getByRole('row').nth(1)).toContainText(/\$[\d,]+\.\d{2}/);
  await expect(
    page.getByRole('img', { name: /^Spend \$[\d,.]+ against Target 1 \$[\d,]+ \(reached\)/ }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your pace' })).toContainText('Target 1 reached');
  await expect(page.getByRole('region', { name: 'Your pace' })).toContainText(
    /per trading day to reach Target 3/,
  );
  await expect(page.getByRole('region', { name: 'Your pace' })).toContainText(
    /as at \d{1,2} [A-Z][a-z]+ \d{4}/,
  );

  const tiles = page.getByRole('region', { name: 'Spend by partner' });
  await expect(tiles.getByRole('button')).toHaveText([
    'Total Spend',
    'Autolign',
    'BNT',
    'Truck & Trailer Parts',
    'HCB/JAS',
    'Precision Equipment',
    'DDL',
    'NZ Brake Co',
  ]);
  await tiles.getByRole('button', { name: 'Autolign' }).click();
  await expect(tiles.getByText(/^Autolign: \$[\d,]+\.\d\d$/)).toBeVisible();
  await expect(page.getByText('All spend values displayed exclude GST')).toBeVisible();
  await expect(page.getByText('Current spend data displayed as at end of last trading day')).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // The details of a joined promotion: the custom-labelled rewards tab, a prize with its TM mark.
  await page.getByRole('button', { name: 'Show Promo Details' }).click();
  await page.getByRole('tab', { name: 'Hampers' }).click();
  const hampers = page.getByRole('tabpanel', { name: 'Hampers' });
  await hampers.getByText('Coffee Lovers Hamper™').click();
  await expect(hampers.getByRole('img', { name: 'Coffee Lovers Hamper' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Track Progress' }).click();

  await page.getByRole('link', { name: 'How is my target calculated?' }).click();
  await expect(page.getByRole('heading', { name: 'How your targets are calculated' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.goto('/my-account');
  await expect(page.getByRole('table', { name: 'Your linked trading accounts' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test('the projection is drawn, and the chart, the amounts and the pace advice tell the same story', async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  const chart = page.getByRole('img', { name: /^Spend chart from / });
  await chart.scrollIntoViewIfNeeded();
  // The dotted line at the customer's pace, in its own colour.
  await expect(chart.locator('path[stroke="#6a3d9a"]').first()).toBeAttached();
  const atPace = await page
    .getByRole('term')
    .filter({ hasText: /^At your pace$/ })
    .locator('+ dd')
    .textContent();
  expect(atPace).toMatch(/^\$[\d,]+$/);
  await expect(chart).toHaveAccessibleName(new RegExp(`at your pace, \\${atPace} by the end\\.$`));
  // The advice names where that line lands: the target it reaches (and when), or the one it misses.
  await expect(page.getByRole('region', { name: 'Your pace' })).toContainText(
    /At your pace(: Target \d on \d{1,2} [A-Z][a-z]+| you will not reach Target \d by the end)/,
  );
});

test('the customer and a rep see the same per-trading-day figure for the same customer and promotion', async ({
  page,
  browser,
}) => {
  await signInWithApi(page, demo.customer);
  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  const advice = page.getByRole('region', { name: 'Your pace' });
  await expect(advice).toContainText('per trading day');
  const customerSays = (await advice.textContent())?.match(/(\$[\d,]+) per trading day to reach (Target \d)/);
  expect(customerSays).not.toBeNull();

  const repContext = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const repPage = await repContext.newPage();
  await signInWithApi(repPage, 'rep@demo.test');
  await repPage.goto(`/salesrep/promotions/${PROMOTIONS.multiTarget}?customer=G100001`);
  await expect(repPage.getByText(/^Needs \$[\d,]+ per trading day/)).toBeVisible();
  await expect(repPage.getByText(/^Needs \$[\d,]+ per trading day/)).toContainText(
    `Needs ${customerSays?.[1]} per trading day to reach ${customerSays?.[2]}`,
  );
  await repContext.close();
});

test("hovering the chart shows that day's figures in its tooltip", async ({ page }) => {
  await signInWithApi(page, demo.customer);
  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  const chart = page.getByRole('img', { name: /^Spend chart from / });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('aria-busy', 'false');
  // The pointer over the chart's picture brings the interactive chart in its place.
  await chart.hover();
  const drawing = chart.locator('[_echarts_instance_]');
  await expect(chart.locator('[data-chart-picture]')).toHaveCount(0);
  const box = await drawing.boundingBox();
  expect(box).not.toBeNull();
  // A third of the way along: a day of the promotion, past or to come, always has a target.
  await drawing.hover({ position: { x: box!.width / 3, y: box!.height / 2 } });
  await expect(drawing.getByText(/Target: \$[\d,]+/)).toBeVisible();
});
