import {
  PROMOTIONS,
  expectNoSeriousAxeViolations,
  signInAsFreshCustomer,
  watchEchartsDownloads,
  FLOW_TIMEOUT_MS,
  expect,
  test,
} from '../support/customer';

test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

test('a customer joins the single-target promotion (terms first), lands on tracking and picks a reward that survives a reload', async ({
  page,
}) => {
  await signInAsFreshCustomer(page, 'confirmed');
  const echarts = watchEchartsDownloads(page, 'customer');
  const views = page.waitForRequest(
    (request) =>
      request.url().endsWith('/api/v1/account/update/tracking') &&
      request.postData() === JSON.stringify({ type: 'promotion_view', key: 'promo-foodpack-summer' }),
  );

  await page.goto('/');
  await page
    .getByRole('region', { name: 'New Promotions' })
    .getByRole('link', { name: 'View Details' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/promotions/${PROMOTIONS.singleTarget}$`));
  await views;
  await expect(page.getByRole('heading', { name: 'Summer Food Pack Promotion', level: 2 })).toBeVisible();
  await page.getByRole('tab', { name: 'Rewards' }).click();
  await expect(page.getByText('Family Feast Pack')).toBeVisible();
  // The prize with unsafe markup is rendered without its event handler.
  await page.getByText('Breakfast Pack', { exact: true }).click();
  await expect(page.getByText('Enough for a team breakfast of eight.')).toBeVisible();
  expect(await page.locator('[onerror]').count()).toBe(0);

  await page.getByRole('button', { name: 'Participate' }).click();
  const panel = page.getByRole('region', { name: 'Join this promotion' });
  await expect(panel.getByRole('radio', { name: 'Option 1. Build your Own Pack' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);

  await panel.getByRole('button', { name: 'Accept' }).click();
  await expect(panel.getByText('Please accept the terms and conditions to join.')).toBeVisible();
  await panel.getByRole('button', { name: 'Read the terms and conditions' }).click();
  const dialog = page.getByRole('dialog', { name: 'Terms and Conditions' });
  await expect(dialog).toContainText('Summer Food Pack Promotion: Terms and Conditions');
  await expectNoSeriousAxeViolations(page);
  await dialog.getByRole('button', { name: 'Agree' }).click();
  await expect(panel.getByRole('checkbox', { name: /accept the terms and conditions/ })).toBeChecked();

  await echarts.settled();
  expect(echarts.urls, 'no chart code before tracking is shown').toEqual([]);

  await panel.getByRole('button', { name: 'Accept' }).click();
  await expect(page.getByText('Joined promotion successfully.')).toBeVisible();
  await expect(page.getByText('Promo Days Remaining')).toBeVisible();
  // The chart's picture is drawn in a worker when its box is on screen; the interactive chart's
  // code waits for the reader to reach for it.
  const chart = page.getByRole('img', { name: /^Spend chart from / });
  await chart.scrollIntoViewIfNeeded();
  await expect(chart.locator('[data-chart-picture] svg')).toBeVisible();
  await echarts.settled();
  expect(echarts.workerUrls.length, "the picture's worker arrives with tracking").toBeGreaterThan(0);
  expect(echarts.urls, 'no interactive chart code before the reader reaches for it').toEqual([]);

  const reward = page.getByRole('region', { name: 'Your Reward' });
  await expect(reward.getByRole('radio', { name: 'Option 1. Build your Own Pack' })).toBeChecked();
  await expectNoSeriousAxeViolations(page);
  await reward.getByRole('radio', { name: 'Option 4. Family Feast Pack' }).check();
  await expect(page.getByText('Your reward choice has been saved.')).toBeVisible();

  await page.reload();
  await expect(
    page
      .getByRole('region', { name: 'Your Reward' })
      .getByRole('radio', { name: 'Option 4. Family Feast Pack' }),
  ).toBeChecked();
});
