import { dayKeyToLocalNoon } from '@promo/domain/calendar/nz-calendar';
import { formatDayMonth } from '@promo/domain/format/format';
import { spendPlanBasis, type PlannedTarget } from '@promo/domain/pace/planned-targets.rules';
import { spendPlan } from '@promo/domain/pace/spend-plan.rules';
import type { Account, Promotion } from '@promo/domain/types';
import type { Page } from '@playwright/test';
import { PROMOTIONS, expectNoSeriousAxeViolations, FLOW_TIMEOUT_MS, expect, test } from '../support/customer';
import { demo, recordRequests, signInWithApi } from '../support/demo';
import { cachedUrls, persistedQueryKeys, serviceWorkerScope } from '../support/pwa';

test.describe.configure({ timeout: FLOW_TIMEOUT_MS });

/** The demo customer's account (server README "Demo data"), joined to the multi-target promotion. */
const DEMO_ACCOUNT = 'G100001';
const isPlanChunk = (url: string) => /\/spend-plan\.[^/]*\.js$/.test(new URL(url).pathname);
const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');

/** The seeded account and promotion, as the server answers them to the signed-in customer. */
async function seeded(page: Page): Promise<{ account: Account; promotion: Promotion }> {
  const accounts = (await (
    await page.request.get(`/api/v1/account/get?ids=${DEMO_ACCOUNT}`)
  ).json()) as Account[];
  const promotions = (await (
    await page.request.get(`/api/v1/promotion/get?ids=${PROMOTIONS.multiTarget}`)
  ).json()) as Promotion[];
  const [account] = accounts;
  const [promotion] = promotions;
  if (!account || !promotion) throw new Error('The demo account or promotion is missing from the seed');
  return { account, promotion };
}

/** What a plan's line says of a target, by the projection rule (spend-plan.rules), as the screen words it. */
function expectedLine(target: PlannedTarget, end: string): string {
  if (target.status === 'crosses') return `reached on ${formatDayMonth(dayKeyToLocalNoon(target.dayKey))}`;
  return `not reached by ${end}`;
}

test("the plan's dates are the projection rule's for the seeded account, from a chunk loaded when opened, with no server round trip", async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  const requests = recordRequests(page);
  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  const open = page.getByRole('button', { name: 'Plan my spend' });
  await expect(open).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your pace' })).toBeVisible();
  expect(requests.filter(isPlanChunk)).toEqual([]);

  const { account, promotion } = await seeded(page);
  const basis = spendPlanBasis({
    now: Date.now(),
    startTimestamp: promotion.startTimestamp,
    endTimestamp: promotion.endTimestamp,
    totalSpend: account.progressDetails[promotion.id]?.totalSpend ?? 0,
    targets: account.targetDetails[promotion.id] ?? [],
  });
  const end = formatDayMonth(dayKeyToLocalNoon(basis.days.at(-1)?.key ?? ''));

  await open.click();
  const field = page.getByRole('textbox', { name: /Weekly spend/ });
  await expect(field).toBeVisible();
  expect(requests.filter(isPlanChunk)).toHaveLength(1);

  // Opening the view records it once the page has painted (useRecordPromotionView); on a busy
  // machine that request can come this late, and it is the page's, not the plan's.
  await expect.poll(() => requests.some((url) => url.endsWith('/api/v1/account/update/tracking'))).toBe(true);
  const before = requests.length;
  for (const weekly of [4000, 1500, 12_000]) {
    await field.fill(String(weekly));
    await expect(page.getByRole('heading', { name: /^At \$[\d,]+ a week$/ })).toHaveText(
      `At $${weekly.toLocaleString('en-NZ')} a week`,
    );
    const remaining = spendPlan(basis, weekly).targets.filter((target) => target.status !== 'reached');
    expect(remaining.length).toBeGreaterThan(0);
    for (const target of remaining) {
      await expect(
        page.getByRole('listitem').filter({ hasText: new RegExp(`^Target ${target.targetNumber} \\(`) }),
      ).toContainText(expectedLine(target, end));
    }
  }
  // The plan asked the server nothing while its value changed.
  expect(requests.slice(before).filter(isApi)).toEqual([]);
  await expectNoSeriousAxeViolations(page);
});

test('the plan is worked with the keyboard: the slider steps and reads its outcome; bad input is refused in words', async ({
  page,
}) => {
  await signInWithApi(page, demo.customer);
  await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
  await page.getByRole('button', { name: 'Plan my spend' }).focus();
  await page.keyboard.press('Enter');
  const field = page.getByRole('textbox', { name: /Weekly spend/ });
  await field.fill('4000');

  const slider = page.getByRole('slider', { name: 'Weekly spend' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await expect(field).not.toHaveValue('4000');
  const stepped = Number(await field.inputValue());
  expect(stepped).toBeGreaterThan(4000);
  await expect(slider).toHaveAttribute(
    'aria-valuetext',
    new RegExp(`^\\$${stepped.toLocaleString('en-NZ')} a week: Target \\d (reached on|not reached by) `),
  );

  await field.fill('-200');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('A weekly spend cannot be negative. Enter $0 or more.')).toBeVisible();
  // What was typed stays, and so does the last plan that could be read.
  await expect(field).toHaveValue('-200');
  await expect(page.getByRole('heading', { name: /^At \$[\d,]+ a week$/ })).toHaveText(
    `At $${stepped.toLocaleString('en-NZ')} a week`,
  );
  await field.fill('a lot');
  await expect(
    page.getByText('Enter the weekly spend as a number of dollars, such as 4000 or 4,000.50.'),
  ).toBeVisible();
});

test.describe('offline', () => {
  // The config blocks service workers for every other test; this one is about what the worker kept.
  test.use({ serviceWorkers: 'allow' });

  test('the plan opens and answers offline from the saved account, its code never downloaded by the page online', async ({
    page,
    context,
  }) => {
    await signInWithApi(page, demo.customer);
    const requests = recordRequests(page);
    await page.goto(`/promotions/${PROMOTIONS.multiTarget}`);
    await expect(page.getByRole('button', { name: 'Plan my spend' })).toBeVisible();
    await serviceWorkerScope(page);
    // The worker caches every file of the customer remote's version, the plan's chunk among them,
    // and the page's data goes to the offline store.
    await expect.poll(async () => (await cachedUrls(page)).some(isPlanChunk), { timeout: 30_000 }).toBe(true);
    await expect
      .poll(() => persistedQueryKeys(page), { timeout: 30_000 })
      .toEqual(
        expect.arrayContaining([
          JSON.stringify(['promotions', 'detail', PROMOTIONS.multiTarget]),
          JSON.stringify(['account', 'detail', DEMO_ACCOUNT]),
        ]),
      );
    expect(requests.filter(isPlanChunk)).toEqual([]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('button', { name: 'Plan my spend' }).click();
    const field = page.getByRole('textbox', { name: /Weekly spend/ });
    await field.fill('4000');
    await expect(page.getByRole('heading', { name: /^At \$[\d,]+ a week$/ })).toHaveText('At $4,000 a week');
    await expect(page.getByRole('listitem').filter({ hasText: /^Target 3 \(/ })).toContainText(
      /reached on \d{1,2} [A-Z][a-z]+|not reached by /,
    );
    await context.setOffline(false);
  });
});
