import { describe, expect, it } from 'vitest';
import { dailySpendSeries } from '../promotion/tracking.rules';
import { paceAdvice } from './pace.rules';
import { spendProjection } from './projection.rules';

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
const keyOf = (projection: ReturnType<typeof spendProjection>, index: number) => projection.days[index]?.key;

describe('spendProjection', () => {
  it('has one day per day of the spend chart', () => {
    const projection = spendProjection({ ...promotion, now: monday, totalSpend: 16_000 });
    const series = dailySpendSeries({
      ...promotion,
      now: monday,
      pastProgressDetails: {},
      firstDailyTarget: 800,
    });
    expect(projection.days.map((day) => day.key)).toEqual(series.map((day) => day.key));
    expect(projection.days).toHaveLength(33);
  });

  it('ahead of pace: starts from the spend the day before today, adds the pace on each trading day, flat at weekends', () => {
    const projection = spendProjection({ ...promotion, now: monday, totalSpend: 16_000 });
    expect(projection.dailyPace).toBe(1600);
    expect(projection.endSpend).toBe(40_000);
    const byKey = Object.fromEntries(projection.days.map((day) => [day.key, day.projected]));
    expect(byKey['20231117']).toBeNull();
    expect(byKey['20231118']).toBeNull();
    expect(byKey['20231119']).toBe(16_000);
    expect(byKey['20231120']).toBe(17_600);
    expect(byKey['20231124']).toBe(24_000);
    expect(byKey['20231125']).toBe(24_000);
    expect(byKey['20231126']).toBe(24_000);
    expect(byKey['20231127']).toBe(25_600);
    expect(projection.days.at(-1)?.projected).toBe(40_000);
  });

  it('ahead of pace: the NZ date each target is crossed, and the highest reached by the end', () => {
    const projection = spendProjection({ ...promotion, now: monday, totalSpend: 16_000 });
    expect(projection.targets).toEqual([
      // 1,600 × 13 trading days = 20,800 on Wednesday 22 November (12 days give 19,200).
      { targetNumber: 1, amount: 20_000, status: 'crosses', dayKey: '20231122', dayIndex: 16 },
      { targetNumber: 2, amount: 30_000, status: 'crosses', dayKey: '20231130', dayIndex: 24 },
      { targetNumber: 3, amount: 40_000, status: 'crosses', dayKey: '20231208', dayIndex: 32 },
    ]);
    expect(keyOf(projection, 16)).toBe('20231122');
    expect(projection.highestTargetByEnd).toBe(3);
  });

  it('crosses on the very day the projection equals the target, not the day before', () => {
    // $1,000 a day: $15,000 exactly on trading day 15, Friday 24 November; a cent more waits for Monday.
    const projection = spendProjection({
      ...promotion,
      targets: [
        { targetNumber: 1, amount: 15_000 },
        { targetNumber: 2, amount: 15_000.01 },
      ],
      now: monday,
      totalSpend: 10_000,
    });
    const byKey = Object.fromEntries(projection.days.map((day) => [day.key, day.projected]));
    expect(byKey['20231123']).toBe(14_000);
    expect(byKey['20231124']).toBe(15_000);
    expect(projection.targets[0]).toMatchObject({ status: 'crosses', dayKey: '20231124' });
    expect(projection.targets[1]).toMatchObject({ status: 'crosses', dayKey: '20231127' });
  });

  it('behind pace: no target is reached by the end', () => {
    const projection = spendProjection({ ...promotion, now: monday, totalSpend: 5_000 });
    expect(projection.endSpend).toBe(12_500);
    expect(projection.days.at(-1)?.projected).toBe(12_500);
    expect(projection.targets.map((target) => target.status)).toEqual([
      'not-by-end',
      'not-by-end',
      'not-by-end',
    ]);
    expect(projection.highestTargetByEnd).toBeUndefined();
  });

  it('with a target already reached: says so, and counts it as reached by the end', () => {
    const projection = spendProjection({ ...promotion, now: monday, totalSpend: 21_000 });
    expect(projection.targets[0]).toEqual({ targetNumber: 1, amount: 20_000, status: 'reached' });
    // 2,100 a day × 25 = 52,500: Target 3 on trading day 20 (42,000), Friday 1 December.
    expect(projection.targets[2]).toMatchObject({ status: 'crosses', dayKey: '20231201' });
    expect(projection.highestTargetByEnd).toBe(3);

    // 2,050 a day × 25 = 51,250: past 30,000, short of 60,000.
    const higher = promotion.targets.map((target) =>
      target.targetNumber === 3 ? { ...target, amount: 60_000 } : target,
    );
    const short = spendProjection({ ...promotion, targets: higher, now: monday, totalSpend: 20_500 });
    expect(short.targets.map((target) => target.status)).toEqual(['reached', 'crosses', 'not-by-end']);
    expect(short.highestTargetByEnd).toBe(2);
  });

  it('no spend yet: a flat line at 0 and no target by the end', () => {
    const projection = spendProjection({ ...promotion, now: monday, totalSpend: 0 });
    expect(projection.dailyPace).toBe(0);
    expect(projection.days.filter((day) => day.projected !== null).every((day) => day.projected === 0)).toBe(
      true,
    );
    expect(projection.days.at(-1)?.projected).toBe(0);
    expect(projection.targets.every((target) => target.status === 'not-by-end')).toBe(true);
  });

  it('not started (or on the first day): no pace yet, so nothing is projected', () => {
    for (const now of [nz('2023-11-01'), nz('2023-11-06')]) {
      const projection = spendProjection({ ...promotion, now, totalSpend: 0 });
      expect(projection.dailyPace).toBe(0);
      expect(projection.days.every((day) => day.projected === null)).toBe(true);
      expect(projection.targets.every((target) => target.status === 'not-by-end')).toBe(true);
      expect(projection.highestTargetByEnd).toBeUndefined();
    }
  });

  it('past the end: nothing left to project; the targets are as the spend left them', () => {
    const projection = spendProjection({ ...promotion, now: nz('2023-12-20'), totalSpend: 31_000 });
    expect(projection.days.every((day) => day.projected === null)).toBe(true);
    expect(projection.endSpend).toBe(31_000);
    expect(projection.targets.map((target) => target.status)).toEqual(['reached', 'reached', 'not-by-end']);
    expect(projection.highestTargetByEnd).toBe(2);
  });

  it('adds nothing on public holidays: Christmas, Boxing Day (observed Monday 28th) and New Year', () => {
    // Monday 14 December 2026 to Friday 8 January 2027: 16 trading days; today Monday 21 December.
    const projection = spendProjection({
      startTimestamp: nz('2026-12-14', '00:00'),
      endTimestamp: nz('2027-01-08', '23:59'),
      now: nz('2026-12-21'),
      totalSpend: 5_000,
      targets: [
        { targetNumber: 1, amount: 9_000 },
        { targetNumber: 2, amount: 10_000 },
        { targetNumber: 3, amount: 16_000 },
        { targetNumber: 4, amount: 16_500 },
      ],
    });
    expect(projection.dailyPace).toBe(1000);
    const byKey = Object.fromEntries(projection.days.map((day) => [day.key, day.projected]));
    // Thursday 24th is trading day 9; 25th to 28th add nothing; Tuesday 29th is day 10.
    expect(['20261224', '20261225', '20261226', '20261227', '20261228'].map((key) => byKey[key])).toEqual([
      9000, 9000, 9000, 9000, 9000,
    ]);
    expect(byKey['20261229']).toBe(10_000);
    // 1 and 4 January are holidays too: 31 December is day 12, Tuesday 5 January day 13.
    expect(byKey['20270104']).toBe(12_000);
    expect(byKey['20270105']).toBe(13_000);
    expect(
      projection.targets.map((target) => (target.status === 'crosses' ? target.dayKey : target.status)),
    ).toEqual(['20261224', '20261229', '20270108', 'not-by-end']);
    expect(projection.highestTargetByEnd).toBe(3);
  });

  it('agrees with paceAdvice: a target crosses by the end exactly when it is on pace', () => {
    const tight = [
      { targetNumber: 1, amount: 10_000 },
      { targetNumber: 2, amount: 24_999.99 },
      { targetNumber: 3, amount: 25_000 },
      { targetNumber: 4, amount: 33_333.33 },
    ];
    const days = ['2023-11-01', '2023-11-07', '2023-11-17', '2023-11-20', '2023-12-08', '2023-12-09'];
    for (const day of days) {
      for (let spend = 0; spend <= 30_000; spend += 333.33) {
        const input = { ...promotion, targets: tight, now: nz(day), totalSpend: spend };
        const advice = paceAdvice(input);
        const projection = spendProjection(input);
        expect(projection.endSpend).toBe(advice.projectedSpend);
        expect(
          projection.targets.map((target) => target.status !== 'not-by-end'),
          `${day} ${spend}`,
        ).toEqual(advice.targets.map((target) => target.onPace));
        const last = projection.days.at(-1)?.projected;
        if (last !== null && last !== undefined) expect(last).toBe(advice.projectedSpend);
      }
    }
  });
});
