import { describe, expect, it } from 'vitest';
import { paceAdvice } from './pace.rules';
import { spendProjection } from './projection.rules';
import {
  currentWeeklySpend,
  planStatus,
  readWeeklySpend,
  spendPlan,
  weeklySpendToReach,
} from './spend-plan.rules';
import { spendPlanBasis } from './planned-targets.rules';

/** An instant at a NZ wall-clock time; offset '+13:00' in daylight time (late Sep-early Apr), '+12:00' otherwise. */
const nz = (isoDate: string, time = '12:00', offset = '+13:00') =>
  Date.parse(`${isoDate}T${time}:00${offset}`);

// Monday 6 November to Friday 8 December 2023: 25 trading days, no holidays.
const promotion = {
  startTimestamp: nz('2023-11-06', '00:00'),
  endTimestamp: nz('2023-12-08', '23:59'),
  targets: [
    { targetNumber: 1, amount: 20_000 },
    { targetNumber: 2, amount: 30_000 },
    { targetNumber: 3, amount: 40_000 },
  ],
};
// Monday 20 November: ten trading days are in the figures (to Friday 17th), fifteen remain.
const monday = nz('2023-11-20');

const outcomes = (plan: ReturnType<typeof spendPlan>) =>
  plan.targets.map((target) => (target.status === 'crosses' ? target.dayKey : target.status));

describe('spendPlan', () => {
  it('adds a fifth of the weekly spend on each trading day from today: $5,000 a week is $1,000 a trading day', () => {
    const plan = spendPlan(spendPlanBasis({ ...promotion, now: monday, totalSpend: 16_000 }), 5_000);
    // 16,000 + 1,000 × 4 = 20,000 on Thursday 23 November; + 14 = 30,000 on Thursday 7 December.
    expect(outcomes(plan)).toEqual(['20231123', '20231207', 'not-by-end']);
    expect(plan.endSpend).toBe(31_000);
    expect(plan.highestTargetByEnd).toBe(2);
  });

  it('skips weekends and public holidays: nothing is added over Christmas and New Year', () => {
    // Monday 14 December 2026 to Friday 8 January 2027; today Monday 21 December, $5,000 spent.
    const basis = spendPlanBasis({
      startTimestamp: nz('2026-12-14', '00:00'),
      endTimestamp: nz('2027-01-08', '23:59'),
      now: nz('2026-12-21'),
      totalSpend: 5_000,
      targets: [
        { targetNumber: 1, amount: 9_000 },
        { targetNumber: 2, amount: 10_000 },
      ],
    });
    // $1,000 a trading day: 21-24 December give 9,000; 25-28 December are holidays and a weekend.
    expect(outcomes(spendPlan(basis, 5_000))).toEqual(['20261224', '20261229']);
  });

  it('counts today as a day to spend in, and reaches a target on the very day the sum equals it', () => {
    const basis = spendPlanBasis({ ...promotion, now: monday, totalSpend: 19_000 });
    expect(outcomes(spendPlan(basis, 5_000))[0]).toBe('20231120');
    expect(outcomes(spendPlan(basis, 4_999.95))[0]).toBe('20231121');
  });

  it('at $0 a week reaches nothing more; a reached target stays reached', () => {
    const plan = spendPlan(spendPlanBasis({ ...promotion, now: monday, totalSpend: 21_000 }), 0);
    expect(outcomes(plan)).toEqual(['reached', 'not-by-end', 'not-by-end']);
    expect(plan.endSpend).toBe(21_000);
    expect(plan.highestTargetByEnd).toBe(1);
  });

  it('plans from the first day before the promotion starts', () => {
    const plan = spendPlan(spendPlanBasis({ ...promotion, now: nz('2023-11-01'), totalSpend: 0 }), 10_000);
    // $2,000 a trading day from Monday 6 November: 20,000 on Friday 17th (day 10).
    expect(outcomes(plan)).toEqual(['20231117', '20231124', '20231201']);
  });

  it("a plan at the customer's own pace gives the projection's days, for every spend and day", () => {
    const tight = [
      { targetNumber: 1, amount: 10_000 },
      { targetNumber: 2, amount: 24_999.99 },
      { targetNumber: 3, amount: 25_000 },
      { targetNumber: 4, amount: 33_333.33 },
    ];
    const days = [
      '2023-11-01',
      '2023-11-07',
      '2023-11-17',
      '2023-11-20',
      '2023-11-29',
      '2023-12-08',
      '2023-12-09',
    ];
    let crossings = 0;
    for (const day of days) {
      for (let spend = 0; spend <= 30_000; spend += 333.33) {
        const input = { ...promotion, targets: tight, now: nz(day), totalSpend: spend };
        const basis = spendPlanBasis(input);
        const projection = spendProjection(input);
        const plan = spendPlan(basis, currentWeeklySpend(basis));
        expect(plan.targets, `${day} ${spend}`).toEqual(projection.targets);
        expect(plan.highestTargetByEnd).toBe(projection.highestTargetByEnd);
        // A weekly figure is a fifth per trading day: five times the pace, divided by five, may differ
        // from the pace in its last bit, not in a cent.
        expect(plan.endSpend).toBeCloseTo(projection.endSpend, 6);
        crossings += plan.targets.filter((target) => target.status === 'crosses').length;
      }
    }
    expect(crossings).toBeGreaterThan(100);
  });
});

describe('weeklySpendToReach', () => {
  it('gives the whole-dollar weekly spend, rounded up, that reaches each open target by the end date', () => {
    const basis = spendPlanBasis({ ...promotion, now: monday, totalSpend: 10_000 });
    // 15 trading days left: 10,000 → $666.67 a day → $3,333.33 a week → $3,334.
    expect(weeklySpendToReach(basis)).toEqual([
      { targetNumber: 1, amount: 20_000, weeklySpend: 3_334 },
      { targetNumber: 2, amount: 30_000, weeklySpend: 6_667 },
      { targetNumber: 3, amount: 40_000, weeklySpend: 10_000 },
    ]);
  });

  it('agrees with the pace advice and the plan: that weekly spend reaches the target by the end, a dollar less does not', () => {
    for (const day of ['2023-11-01', '2023-11-20', '2023-11-29', '2023-12-08']) {
      for (let spend = 0; spend < 40_000; spend += 1_234.56) {
        const input = { ...promotion, now: nz(day), totalSpend: spend };
        const basis = spendPlanBasis(input);
        const advice = paceAdvice(input);
        for (const need of weeklySpendToReach(basis)) {
          const perDay = advice.targets.find(
            (t) => t.targetNumber === need.targetNumber,
          )?.perTradingDayNeeded;
          expect(need.weeklySpend).toBeGreaterThanOrEqual((perDay ?? Infinity) * 5 - 1e-6);
          const at = spendPlan(basis, need.weeklySpend).targets[need.targetNumber - 1];
          const below = spendPlan(basis, need.weeklySpend - 1).targets[need.targetNumber - 1];
          expect(at?.status, `${day} ${spend} T${need.targetNumber}`).toBe('crosses');
          expect(below?.status).toBe('not-by-end');
        }
      }
    }
  });

  it('is empty once no trading day remains, and leaves out reached targets', () => {
    expect(
      weeklySpendToReach(spendPlanBasis({ ...promotion, now: nz('2023-12-09'), totalSpend: 0 })),
    ).toEqual([]);
    const reached = weeklySpendToReach(spendPlanBasis({ ...promotion, now: monday, totalSpend: 25_000 }));
    expect(reached.map((need) => need.targetNumber)).toEqual([2, 3]);
  });
});

describe('planStatus', () => {
  it('is open while a target is to reach and trading days remain', () => {
    expect(planStatus(spendPlanBasis({ ...promotion, now: monday, totalSpend: 0 }))).toBe('open');
    expect(planStatus(spendPlanBasis({ ...promotion, now: nz('2023-12-08'), totalSpend: 0 }))).toBe('open');
  });

  it('is ended from the day after the end date, and all-reached once every target is', () => {
    expect(planStatus(spendPlanBasis({ ...promotion, now: nz('2023-12-09'), totalSpend: 0 }))).toBe('ended');
    expect(planStatus(spendPlanBasis({ ...promotion, now: monday, totalSpend: 40_000 }))).toBe('all-reached');
    expect(planStatus(spendPlanBasis({ ...promotion, now: nz('2023-12-20'), totalSpend: 40_000 }))).toBe(
      'all-reached',
    );
  });
});

describe('currentWeeklySpend', () => {
  it('is the average pace so far times five trading days, 0 before a trading day has elapsed', () => {
    expect(currentWeeklySpend(spendPlanBasis({ ...promotion, now: monday, totalSpend: 16_000 }))).toBe(8_000);
    expect(currentWeeklySpend(spendPlanBasis({ ...promotion, now: nz('2023-11-06'), totalSpend: 0 }))).toBe(
      0,
    );
  });
});

describe('readWeeklySpend', () => {
  it('reads dollars with or without $, commas and cents', () => {
    expect(readWeeklySpend('4000')).toEqual({ ok: true, value: 4000 });
    expect(readWeeklySpend(' $4,000.50 ')).toEqual({ ok: true, value: 4000.5 });
    expect(readWeeklySpend('0')).toEqual({ ok: true, value: 0 });
  });

  it('refuses a negative, a non-number, an empty field and an amount too large, saying what to type', () => {
    expect(readWeeklySpend('-50')).toEqual({
      ok: false,
      message: 'A weekly spend cannot be negative. Enter $0 or more.',
    });
    expect(readWeeklySpend('$-50')).toMatchObject({ ok: false, message: /cannot be negative/ });
    expect(readWeeklySpend('four thousand')).toEqual({
      ok: false,
      message: 'Enter the weekly spend as a number of dollars, such as 4000 or 4,000.50.',
    });
    expect(readWeeklySpend('4e3')).toMatchObject({ ok: false });
    expect(readWeeklySpend('12.345')).toMatchObject({ ok: false });
    expect(readWeeklySpend('')).toEqual({
      ok: false,
      message: 'Enter a weekly spend in dollars, such as 4000.',
    });
    expect(readWeeklySpend('20000000')).toEqual({
      ok: false,
      message: 'Enter a weekly spend of $10,000,000 or less.',
    });
  });
});
