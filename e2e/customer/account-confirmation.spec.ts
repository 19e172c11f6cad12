import {
  expectNoSeriousAxeViolations,
  signInAsFreshCustomer,
  FLOW_TIMEOUT_MS,
  expect,
  test,
} from '../support/customer';
import { demo, signInWithApi } from '../support/demo';

test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

test('an unconfirmed customer confirms their linked accounts and reaches the dashboard', async ({ page }) => {
  await signInAsFreshCustomer(page, 'unconfirmed');
  await page.goto('/');
  await expect(page).toHaveURL(/\/account-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Confirm your linked accounts' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Truck & Trailer Parts' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const submit = page.getByRole('button', { name: 'Submit' });
  const questions = page.getByRole('group', { name: /^Is account .* correct\?$/ });
  await expect(questions).toHaveCount(3);
  for (const question of await questions.all()) {
    await expect(submit).toBeDisabled();
    await question.getByRole('radio', { name: 'Yes' }).check();
  }
  await expect(submit).toBeDisabled();
  await page
    .getByRole('group', { name: 'Do you have other accounts that are not listed?' })
    .getByRole('radio', { name: 'No' })
    .check();
  await submit.click();

  await expect(page.getByText('Account confirmation submitted successfully.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'New Promotions' })).toBeVisible();
});

test('a challenged customer is told the team is reviewing the changes', async ({ page }) => {
  await signInWithApi(page, demo.challenged);
  await page.goto('/');
  await expect(page).toHaveURL(/\/account-confirmation$/);
  await expect(page.getByRole('heading', { name: 'Thank you, we are reviewing your changes' })).toBeVisible();
  await expect(
    page.getByText(/reviewing the changes you requested .* will contact you .* You can close this screen\./),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});

test('an unconfirmed customer who skips the screens still cannot join or choose a reward', async ({
  page,
}) => {
  await signInAsFreshCustomer(page, 'unconfirmed');
  await page.goto('/promotions/PROMO-FoodPack-Summer');
  await expect(page).toHaveURL(/\/account-confirmation$/);

  for (const [path, data] of [
    ['/api/v1/account/opt/into/promotion', { promotionID: 'PROMO-FoodPack-Summer', joinMailingList: false }],
    [
      '/api/v1/account/promotion/update/choices',
      { promotionID: 'PROMO-FoodPack-Summer', userChoices: { selectedReward: '1:Build your Own Pack' } },
    ],
  ] as const) {
    const refused = await page.request.post(path, { data });
    expect(refused.status(), path).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'Your linked accounts are not confirmed yet.',
    );
  }
  const session = (await (await page.request.get('/api/v1/session/get')).json()) as { accountid: string };
  const accounts = (await (
    await page.request.get(`/api/v1/account/get?ids=${session.accountid}`)
  ).json()) as {
    enrolledPromotions: unknown[];
  }[];
  expect(accounts[0]?.enrolledPromotions).toEqual([]);
});
