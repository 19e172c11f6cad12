import type { Account, ConfigurationEntry, Promotion } from '@promo/domain/types';
import { targetProgress } from '@promo/domain/promotion/target-progress.rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, readMeta } from '../db/open-database';
import { createTestApp, TEST_NOW, type TestApp } from '../test-support/test-app';
import { isTradingDay, longDate } from './calendar';
import {
  DEMO_ACCOUNT_IDS,
  DEMO_EMAILS,
  DEMO_INVITATION,
  DEMO_PROMOTION_IDS,
  INVITED_ACCOUNT_COUNT,
  VOLUME_ACCOUNT_COUNT,
} from './demo-logins';
import { ensureDemoData, seedDemoData } from './seed-database';

const DAY = 24 * 60 * 60 * 1000;
const { multiTarget, foodPack, finished } = DEMO_PROMOTION_IDS;

let t: TestApp;
let customerAccount: Account;
let promotions: Map<string, Promotion>;
beforeAll(async () => {
  t = await createTestApp({ volumeAccounts: VOLUME_ACCOUNT_COUNT });
  const cookie = await t.login(DEMO_EMAILS.customer);
  customerAccount = (await t.get(`/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.customer}`, cookie)).json<
    Account[]
  >()[0] as Account;
  promotions = new Map(
    (await t.get('/api/v1/promotion/get', cookie))
      .json<Promotion[]>()
      .map((promotion) => [promotion.id, promotion]),
  );
});
afterAll(async () => {
  await t.app.close();
});

function count(sql: string): number {
  return (t.db.prepare(sql).get() as { n: number }).n;
}

/** Weekdays from the start's day to the end's day, inclusive. */
function tradingDays(promotion: Promotion): number {
  let days = 0;
  for (
    let day = new Date(promotion.startTimestamp);
    day.getTime() <= promotion.endTimestamp;
    day.setDate(day.getDate() + 1)
  ) {
    if (isTradingDay(day)) days += 1;
  }
  return days;
}

describe('the demo promotions', () => {
  it('has the current food-pack promotion: one target, four food packs, default Option 1, 25 trading days', () => {
    const promotion = promotions.get(foodPack) as Promotion;
    expect(promotion.status).toBe('active');
    expect(promotion.startTimestamp).toBeLessThanOrEqual(TEST_NOW);
    expect(promotion.endTimestamp).toBeGreaterThan(TEST_NOW);
    expect(tradingDays(promotion)).toBe(25);
    expect(promotion.prizes.map((prize) => prize.title)).toEqual([
      'Build your Own Pack',
      'BBQ Pack',
      'Breakfast Pack',
      'Family Feast Pack',
    ]);
    expect(promotion.defaultUserChoices).toEqual({ selectedReward: '1:Build your Own Pack' });
    expect(customerAccount.targetDetails[foodPack]).toHaveLength(1);
  });

  it('names the reward-change deadline, a few days before the end, in promoInfoText', () => {
    const promotion = promotions.get(foodPack) as Promotion;
    const lock = promotion.choicesLockTime as number;
    const lastDay = new Date(lock - 1);
    expect(promotion.promoInfoText).toBe(`Rewards can be changed until midnight on ${longDate(lastDay)}.`);
    expect(promotion.promoInfoText).toMatch(/midnight on \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
    expect(promotion.endTimestamp - lock).toBeGreaterThan(2 * DAY);
    expect(promotion.endTimestamp - lock).toBeLessThan(6 * DAY);
  });

  it('has ids with capitals and exactly one prize with unsafe HTML for the sanitiser', () => {
    for (const id of [multiTarget, foodPack, finished]) expect(id).not.toBe(id.toLowerCase());
    const unsafe = [...promotions.values()]
      .flatMap((promotion) => promotion.prizes)
      .filter((prize) => /onerror=|<script/i.test(prize.content));
    expect(unsafe.map((prize) => prize.title)).toEqual(['Breakfast Pack']);
  });

  it('has a finished promotion that ended within the last 90 days', () => {
    const promotion = promotions.get(finished) as Promotion;
    expect(promotion.status).toBe('done');
    expect(promotion.endTimestamp).toBeLessThan(TEST_NOW);
    expect(promotion.endTimestamp).toBeGreaterThan(TEST_NOW - 90 * DAY);
  });
});

describe('customer@demo.test', () => {
  it('has confirmed associations and joined the multi-target and finished promotions, not the food pack', () => {
    expect(customerAccount.associationsConfirmationStatus).toBe('confirmed');
    expect(customerAccount.enrolledPromotions.map((entry) => entry.promotionID).sort()).toEqual(
      [finished, multiTarget].sort(),
    );
  });

  it('is past target 1 (and short of target 2) of the three-target promotion', () => {
    const targets = customerAccount.targetDetails[multiTarget] ?? [];
    const spend = customerAccount.progressDetails[multiTarget]?.totalSpend ?? 0;
    expect(targets.map((target) => target.targetNumber)).toEqual([1, 2, 3]);
    expect(spend).toBeGreaterThan(targets[0]?.amount ?? Infinity);
    expect(spend).toBeLessThan(targets[1]?.amount ?? 0);
    // One progress figure: the stored fraction is of Target 2, the target the ring names.
    const ring = targetProgress(targets, spend);
    expect(ring.caption).toBe('of Target 2');
    expect(Math.floor((customerAccount.percentageAchieved[multiTarget] ?? 0) * 100)).toBe(ring.percent);
  });

  it('has consistent figures: cumulative daily series, division split and daily targets', () => {
    for (const id of [multiTarget, foodPack, finished]) {
      const promotion = promotions.get(id) as Promotion;
      const series = Object.entries(customerAccount.pastProgressDetails[id] ?? {}).sort(([a], [b]) =>
        a.localeCompare(b),
      );
      const totals = series.map(([, day]) => day.totalSpend);
      expect(totals).toEqual([...totals].sort((a, b) => a - b));
      expect(series.every(([key]) => /^\d{8}$/.test(key))).toBe(true);
      const progress = customerAccount.progressDetails[id];
      expect(progress?.totalSpend).toBe(totals.at(-1));
      const divisionSum = Object.values(progress?.byDivision ?? {}).reduce((sum, value) => sum + value, 0);
      expect(divisionSum).toBeCloseTo(progress?.totalSpend ?? -1, 2);
      const days = tradingDays(promotion);
      expect(customerAccount.dailySalesTargets[id]).toEqual(
        (customerAccount.targetDetails[id] ?? []).map(
          (target) => Math.round((target.amount / days) * 100) / 100,
        ),
      );
      expect(customerAccount.currentDailySales[id]).toBeCloseTo(
        (progress?.totalSpend ?? 0) / series.length,
        2,
      );
    }
  });
});

describe('volume', () => {
  it('has at least 2,000 customer accounts, 40 branches, 5 regions and all 7 divisions', () => {
    expect(count('SELECT COUNT(*) AS n FROM accounts')).toBeGreaterThanOrEqual(2000);
    expect(count('SELECT COUNT(*) AS n FROM branches')).toBeGreaterThanOrEqual(40);
    expect(count('SELECT COUNT(DISTINCT region) AS n FROM branches')).toBeGreaterThanOrEqual(5);
    expect(count('SELECT COUNT(DISTINCT primary_region) AS n FROM accounts')).toBeGreaterThanOrEqual(5);
    expect(count('SELECT COUNT(DISTINCT division) AS n FROM division_accounts')).toBe(7);
    expect(
      count(
        'SELECT COUNT(*) AS n FROM accounts a WHERE NOT EXISTS (SELECT 1 FROM division_accounts d WHERE d.account_id = a.id)',
      ),
    ).toBe(0);
  });

  it('has a realistic mix of enrolled and not, above and below target', () => {
    const mix = t.db
      .prepare(
        `SELECT promotion_id AS id, COUNT(*) AS total, SUM(enrolled) AS enrolled, SUM(percentage >= 1) AS achieved
         FROM account_promotions GROUP BY promotion_id`,
      )
      .all() as { id: string; total: number; enrolled: number; achieved: number }[];
    for (const row of mix) {
      expect(row.total, row.id).toBeGreaterThan(1500);
      expect(row.enrolled / row.total, row.id).toBeGreaterThan(0.2);
      expect(row.enrolled / row.total, row.id).toBeLessThan(0.7);
    }
    // Ahead of the straight-line pace to target 1, and behind it, on the running multi-target promotion.
    const pace = t.db
      .prepare(
        `SELECT SUM(current_daily_sales >= json_extract(daily_sales_targets, '$[0]')) AS ahead,
                SUM(current_daily_sales < json_extract(daily_sales_targets, '$[0]')) AS behind
         FROM account_promotions WHERE promotion_id = ?`,
      )
      .get(multiTarget) as { ahead: number; behind: number };
    expect(pace.ahead).toBeGreaterThan(300);
    expect(pace.behind).toBeGreaterThan(300);
  });

  it('keeps every division account at a branch of its own division in the account region', () => {
    const mismatches = count(
      `SELECT COUNT(*) AS n FROM division_accounts d JOIN accounts a ON a.id = d.account_id JOIN branches b ON b.branch_id = d.branch_id
       WHERE b.division <> d.division OR b.region <> a.primary_region`,
    );
    expect(mismatches).toBe(0);
  });

  it('serves the branch list through configuration', async () => {
    const cookie = await t.login(DEMO_EMAILS.rep);
    const [entry] = (await t.get('/api/v1/configuration/get?ids=branch.details', cookie)).json<
      ConfigurationEntry<'branch.details'>[]
    >();
    expect(new Set(entry?.value.map((branch) => branch.division))).toEqual(
      new Set(['A', 'B', 'T', '2', 'P', 'D', 'N']),
    );
  });
});

describe('invitations', () => {
  it('invites the demo address and the primary contacts of the first volume accounts', async () => {
    const open = (await t.get('/api/v1/dev/invitations')).json<{ accountId: string; email: string }[]>();
    expect(open).toContainEqual(expect.objectContaining(DEMO_INVITATION));
    expect(open).toHaveLength(INVITED_ACCOUNT_COUNT + 1);
    const cookie = await t.login(DEMO_EMAILS.rep);
    const ids = open.map((invitation) => invitation.accountId).join(',');
    const accounts = (await t.get(`/api/v1/account/get?ids=${ids}`, cookie)).json<Account[]>();
    for (const invitation of open.filter((entry) => entry.email !== DEMO_INVITATION.email))
      expect(accounts.find((account) => account.id === invitation.accountId)?.primaryContactEmail).toBe(
        invitation.email,
      );
  });
});

describe('seeding', () => {
  it('is deterministic for a given day', async () => {
    const a = openDatabase(':memory:');
    const b = openDatabase(':memory:');
    await seedDemoData(a, { now: TEST_NOW, volumeAccounts: 200 });
    await seedDemoData(b, { now: TEST_NOW + 60 * 60 * 1000, volumeAccounts: 200 });
    const dump = (db: typeof a) =>
      JSON.stringify([
        db
          .prepare('SELECT id, name, primary_region, association_status, profile FROM accounts ORDER BY id')
          .all(),
        db.prepare('SELECT * FROM division_accounts ORDER BY id').all(),
        db.prepare('SELECT * FROM account_promotions ORDER BY account_id, promotion_id').all(),
        db.prepare('SELECT id, data FROM promotions ORDER BY id').all(),
      ]);
    expect(dump(a)).toBe(dump(b));
  });

  it('keeps recent demo data and replaces data older than a week', async () => {
    const db = openDatabase(':memory:');
    expect((await ensureDemoData(db, TEST_NOW)).action).toBe('seeded');
    db.prepare(`UPDATE accounts SET name = 'Changed' WHERE id = ?`).run(DEMO_ACCOUNT_IDS.customer);
    expect((await ensureDemoData(db, TEST_NOW + 6 * DAY)).action).toBe('kept');
    expect(db.prepare('SELECT name FROM accounts WHERE id = ?').get(DEMO_ACCOUNT_IDS.customer)).toEqual({
      name: 'Changed',
    });

    const later = TEST_NOW + 8 * DAY;
    expect((await ensureDemoData(db, later)).action).toBe('reseeded');
    expect(db.prepare('SELECT name FROM accounts WHERE id = ?').get(DEMO_ACCOUNT_IDS.customer)).toEqual({
      name: 'Kahikatea Auto Repairs Ltd',
    });
    expect(readMeta(db, 'seeded_at')).toBe(String(later));
  });
});
