import { describe, expect, it } from 'vitest';
import { paceAdvice, promotionDays } from './pace.rules';

/** An instant at a NZ wall-clock time; offset '+13:00' in daylight time (late Sep-early Apr), '+12:00' otherwise. */
const nz = (isoDate: string, time = '12:00', offset = '+13:00') =>
  Date.parse(`${isoDate}T${time}:00${offset}`);

describe('promotionDays', () => {
  it('lists each NZ date from the start date to the end date, with trading day numbers and today', () => {
    const days = promotionDays({
      startTimestamp: nz('2026-11-19', '00:00'),
      endTimestamp: nz('2026-11-24', '23:59'),
      now: nz('2026-11-22', '23:59'),
    });
    expect(days).toEqual([
      { key: '20261119', tradingDay: true, tradingDayNumber: 1, when: 'past' },
      { key: '20261120', tradingDay: true, tradingDayNumber: 2, when: 'past' },
      { key: '20261121', tradingDay: false, tradingDayNumber: 2, when: 'past' },
      { key: '20261122', tradingDay: false, tradingDayNumber: 2, when: 'today' },
      { key: '20261123', tradingDay: true, tradingDayNumber: 3, when: 'future' },
      { key: '20261124', tradingDay: true, tradingDayNumber: 4, when: 'future' },
    ]);
  });
});

describe('paceAdvice', () => {
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
  // Monday 20 November: the figures cover the ten trading days to Friday 17th; today is still to come.
  const monday = nz('2023-11-20');

  it('splits the trading days into elapsed (before today) and remaining (today included)', () => {
    const advice = paceAdvice({ ...promotion, now: monday, totalSpend: 10_000 });
    expect(advice.elapsedTradingDays).toBe(10);
    expect(advice.remainingTradingDays).toBe(15);
  });

  it('gives the spend needed per remaining trading day for each target not reached', () => {
    const advice = paceAdvice({ ...promotion, now: monday, totalSpend: 10_000 });
    expect(advice.targets.map((target) => target.remaining)).toEqual([10_000, 20_000, 30_000]);
    expect(advice.targets[0]?.perTradingDayNeeded).toBeCloseTo(666.67, 2);
    expect(advice.targets[1]?.perTradingDayNeeded).toBeCloseTo(1333.33, 2);
    expect(advice.targets[2]?.perTradingDayNeeded).toBe(2000);
    expect(advice.nextTarget?.targetNumber).toBe(1);
  });

  it('projects the average pace so far to the end: $1,000 a day for 25 days reaches $20,000 but not $30,000', () => {
    const advice = paceAdvice({ ...promotion, now: monday, totalSpend: 10_000 });
    expect(advice.projectedSpend).toBe(25_000);
    expect(advice.targets.map((target) => target.onPace)).toEqual([true, false, false]);
  });

  it('counts a weekend as neither elapsed nor remaining: Saturday, Sunday and Monday agree', () => {
    const saturday = paceAdvice({ ...promotion, now: nz('2023-11-18'), totalSpend: 10_000 });
    const sunday = paceAdvice({ ...promotion, now: nz('2023-11-19'), totalSpend: 10_000 });
    expect(saturday).toEqual(sunday);
    expect(paceAdvice({ ...promotion, now: monday, totalSpend: 10_000 })).toEqual(sunday);
  });

  it('changes day at midnight in New Zealand, not in UTC', () => {
    // 23:59 Monday and 00:01 Tuesday in Auckland are both Monday in UTC.
    const lateMonday = paceAdvice({ ...promotion, now: nz('2023-11-20', '23:59'), totalSpend: 10_000 });
    const earlyTuesday = paceAdvice({ ...promotion, now: nz('2023-11-21', '00:01'), totalSpend: 10_000 });
    expect([lateMonday.elapsedTradingDays, lateMonday.remainingTradingDays]).toEqual([10, 15]);
    expect([earlyTuesday.elapsedTradingDays, earlyTuesday.remainingTradingDays]).toEqual([11, 14]);
  });

  it('leaves public holidays out of both counts', () => {
    // Monday 18 December 2023 to Friday 12 January 2024: 16 trading days around Christmas and New Year.
    const advice = paceAdvice({
      // 2 January is a holiday: the figures cover 18-22 and 27-29 December, 3 January onwards remains.
      now: nz('2024-01-02'),
      startTimestamp: nz('2023-12-18', '00:00'),
      endTimestamp: nz('2024-01-12', '23:59'),
      totalSpend: 8_000,
      targets: [{ targetNumber: 1, amount: 16_000 }],
    });
    expect(advice.elapsedTradingDays).toBe(8);
    expect(advice.remainingTradingDays).toBe(8);
    expect(advice.targets[0]).toMatchObject({ perTradingDayNeeded: 1000, onPace: true });
  });

  it('before the start: nothing elapsed, every trading day remains and no target is on pace', () => {
    for (const now of [nz('2023-11-01'), nz('2023-11-06')]) {
      const advice = paceAdvice({ ...promotion, now, totalSpend: 0 });
      expect(advice.elapsedTradingDays).toBe(0);
      expect(advice.remainingTradingDays).toBe(25);
      expect(advice.targets[0]).toMatchObject({ perTradingDayNeeded: 800, onPace: false, reached: false });
    }
  });

  it('on the last day, that day is still to spend in', () => {
    const advice = paceAdvice({ ...promotion, now: nz('2023-12-08'), totalSpend: 25_000 });
    expect(advice.elapsedTradingDays).toBe(24);
    expect(advice.remainingTradingDays).toBe(1);
    expect(advice.targets[1]).toMatchObject({ remaining: 5_000, perTradingDayNeeded: 5_000, onPace: false });
  });

  it('the day after the last no trading day remains: an unreached target needs Infinity per day', () => {
    const advice = paceAdvice({ ...promotion, now: nz('2023-12-09'), totalSpend: 25_000 });
    expect(advice.elapsedTradingDays).toBe(25);
    expect(advice.remainingTradingDays).toBe(0);
    expect(advice.projectedSpend).toBe(25_000);
    expect(advice.targets[0]).toMatchObject({ reached: true, perTradingDayNeeded: 0, onPace: true });
    expect(advice.targets[1]).toMatchObject({
      reached: false,
      remaining: 5_000,
      perTradingDayNeeded: Infinity,
      onPace: false,
    });
  });

  it('after the end: every trading day has elapsed', () => {
    const advice = paceAdvice({ ...promotion, now: nz('2023-12-20'), totalSpend: 5_000 });
    expect(advice.elapsedTradingDays).toBe(25);
    expect(advice.remainingTradingDays).toBe(0);
    expect(advice.nextTarget).toMatchObject({
      targetNumber: 1,
      perTradingDayNeeded: Infinity,
      onPace: false,
    });
  });

  it('with every target reached: nothing remaining, no next target', () => {
    const advice = paceAdvice({ ...promotion, now: monday, totalSpend: 45_000 });
    expect(advice.nextTarget).toBeUndefined();
    expect(
      advice.targets.every((t) => t.reached && t.onPace && t.remaining === 0 && t.perTradingDayNeeded === 0),
    ).toBe(true);
  });

  it('orders the targets by number whatever order they arrive in', () => {
    const advice = paceAdvice({
      ...promotion,
      targets: promotion.targets.toReversed(),
      now: monday,
      totalSpend: 25_000,
    });
    expect(advice.targets.map((t) => t.targetNumber)).toEqual([1, 2, 3]);
    expect(advice.nextTarget?.targetNumber).toBe(2);
  });
});
