import { describe, expect, it } from 'vitest';
import {
  TIER_BAR,
  dailySpendSeries,
  daysRemaining,
  daysRemainingColour,
  latestDataDay,
  percentTimeCompleted,
  tierBarColour,
  tierBarLayout,
} from './tracking.rules';

/** New Zealand wall-clock time; every date below is in NZ daylight time (+13:00). */
const at = (year: number, month: number, day: number, hour = 12, minute = 0) =>
  Date.parse(
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+13:00`,
  );
const endOfDay = (year: number, month: number, day: number) => at(year, month, day, 23, 59) + 59_999;

describe('daysRemainingColour', () => {
  it('is green at 45 days or more', () => {
    expect(daysRemainingColour(45)).toBe('green');
    expect(daysRemainingColour(90)).toBe('green');
  });
  it('is olive from 40 to 44 days', () => {
    expect(daysRemainingColour(44)).toBe('olive');
    expect(daysRemainingColour(40)).toBe('olive');
  });
  it('is amber from 30 to 39 days', () => {
    expect(daysRemainingColour(39)).toBe('amber');
    expect(daysRemainingColour(30)).toBe('amber');
  });
  it('is orange from 20 to 29 days', () => {
    expect(daysRemainingColour(29)).toBe('orange');
    expect(daysRemainingColour(20)).toBe('orange');
  });
  it('is red-orange from 10 to 19 days', () => {
    expect(daysRemainingColour(19)).toBe('red-orange');
    expect(daysRemainingColour(10)).toBe('red-orange');
  });
  it('is red under 10 days', () => {
    expect(daysRemainingColour(9)).toBe('red');
    expect(daysRemainingColour(0)).toBe('red');
  });
});

describe('daysRemaining', () => {
  const end = endOfDay(2023, 12, 8);
  it('counts today and every calendar day up to the end', () => {
    expect(daysRemaining(end, at(2023, 12, 1, 9))).toBe(8);
    expect(daysRemaining(end, at(2023, 11, 6, 0))).toBe(33);
  });
  it('is 1 on the last day and 0 once ended', () => {
    expect(daysRemaining(end, at(2023, 12, 8, 23, 30))).toBe(1);
    expect(daysRemaining(end, at(2023, 12, 9, 0, 0))).toBe(0);
  });
  it('changes at midnight in New Zealand (11:00 UTC in daylight time)', () => {
    expect(daysRemaining(end, Date.parse('2023-12-01T10:59:00Z'))).toBe(8);
    expect(daysRemaining(end, Date.parse('2023-12-01T11:01:00Z'))).toBe(7);
  });
});

describe('percentTimeCompleted', () => {
  // 6 November 00:00 to 8 December 23:59: 32 whole days.
  const start = at(2023, 11, 6, 0);
  const end = endOfDay(2023, 12, 8);
  it('divides the whole days elapsed by the whole days between start and end', () => {
    expect(percentTimeCompleted(start, end, at(2023, 11, 22, 18))).toBe(50);
    expect(percentTimeCompleted(start, end, at(2023, 11, 14, 1))).toBe(25);
  });
  it('counts only whole days: the start day itself is 0 %', () => {
    expect(percentTimeCompleted(start, end, at(2023, 11, 6, 23))).toBe(0);
    expect(percentTimeCompleted(start, end, at(2023, 11, 7, 0, 1))).toBe(3);
  });
  it('is 0 before the start and 100 after the end', () => {
    expect(percentTimeCompleted(start, end, at(2023, 11, 1))).toBe(0);
    expect(percentTimeCompleted(start, end, at(2023, 12, 20))).toBe(100);
  });
  it('changes at midnight in New Zealand', () => {
    expect(percentTimeCompleted(start, end, at(2023, 11, 21, 23, 59))).toBe(47);
    expect(percentTimeCompleted(start, end, at(2023, 11, 22, 0, 1))).toBe(50);
  });
});

describe('tierBarColour', () => {
  it('is blue when spend exceeds the first target', () => {
    expect(tierBarColour(25800.01, 25800)).toBe('blue');
  });
  it('is orange up to and including the first target', () => {
    expect(tierBarColour(25800, 25800)).toBe('orange');
    expect(tierBarColour(100, 25800)).toBe('orange');
  });
});

describe('tierBarLayout', () => {
  const targets = [
    { targetNumber: 1, amount: 20000 },
    { targetNumber: 2, amount: 30000 },
    { targetNumber: 3, amount: 40000 },
  ];
  it('is 450 by 120 px by default', () => {
    expect(TIER_BAR).toEqual({ heightPx: 450, widthPx: 120, minFillRatio: 0.1 });
  });
  it('fills in proportion to spend, the top target a tenth below the top', () => {
    const layout = tierBarLayout(22000, targets);
    expect(layout.fillPx).toBe(225);
    expect(layout.colour).toBe('blue');
    expect(layout.markers).toEqual([
      { targetNumber: 1, amount: 20000, offsetPx: 205 },
      { targetNumber: 2, amount: 30000, offsetPx: 307 },
      { targetNumber: 3, amount: 40000, offsetPx: 409 },
    ]);
  });
  it('never fills less than 10 % of the height', () => {
    expect(tierBarLayout(0, targets).fillPx).toBe(45);
    expect(tierBarLayout(500, targets, 300).fillPx).toBe(30);
    expect(tierBarLayout(0, targets).colour).toBe('orange');
  });
  it('keeps a spend beyond the highest target inside the bar', () => {
    const layout = tierBarLayout(80000, targets);
    expect(layout.fillPx).toBe(409);
    expect(layout.markers[2]?.offsetPx).toBe(205);
  });
});

describe('dailySpendSeries', () => {
  // Thursday 12 to Wednesday 18 November 2026; "today" is Monday 16th.
  const base = {
    startTimestamp: at(2026, 11, 12, 0),
    endTimestamp: endOfDay(2026, 11, 18),
    firstDailyTarget: 904,
    now: at(2026, 11, 16, 10),
  };
  const past = {
    '20261112': { totalSpend: 360.49 },
    '20261113': { totalSpend: 1584.49 },
  };

  it('has one entry per calendar day from start to end', () => {
    const series = dailySpendSeries({ ...base, pastProgressDetails: past });
    expect(series.map((day) => day.key)).toEqual([
      '20261112',
      '20261113',
      '20261114',
      '20261115',
      '20261116',
      '20261117',
      '20261118',
    ]);
  });

  it('carries the last non-zero spend forward over days without a figure, up to today', () => {
    const series = dailySpendSeries({ ...base, pastProgressDetails: past });
    expect(series.map((day) => day.actual)).toEqual([360.49, 1584.49, 1584.49, 1584.49, 1584.49, null, null]);
    expect(series.map((day) => day.future)).toEqual([false, false, false, false, false, true, true]);
  });

  it('splits past from future at midnight in New Zealand', () => {
    const future = (now: number) =>
      dailySpendSeries({ ...base, now, pastProgressDetails: past }).map((day) => day.future);
    expect(future(at(2026, 11, 16, 23, 59))).toEqual([false, false, false, false, false, true, true]);
    expect(future(at(2026, 11, 17, 0, 1))).toEqual([false, false, false, false, false, false, true]);
  });

  it('treats a zero figure as missing', () => {
    const series = dailySpendSeries({
      ...base,
      pastProgressDetails: { ...past, '20261116': { totalSpend: 0 } },
    });
    expect(series[4]?.actual).toBe(1584.49);
  });

  it('starts at 0 before the first figure', () => {
    const series = dailySpendSeries({ ...base, pastProgressDetails: undefined });
    expect(series.slice(0, 5).map((day) => day.actual)).toEqual([0, 0, 0, 0, 0]);
  });

  it('draws the target line as the first daily target times the trading day number', () => {
    const series = dailySpendSeries({ ...base, pastProgressDetails: past });
    expect(series.map((day) => day.tradingDayNumber)).toEqual([1, 2, 2, 2, 3, 4, 5]);
    expect(series.map((day) => day.target)).toEqual([904, 1808, 1808, 1808, 2712, 3616, 4520]);
  });

  it('does not count a public holiday as a trading day', () => {
    // Christmas 2026 is a Friday; Boxing Day is observed on Monday 28 December.
    const series = dailySpendSeries({
      startTimestamp: at(2026, 12, 24, 0),
      endTimestamp: endOfDay(2026, 12, 29),
      firstDailyTarget: 100,
      now: at(2026, 12, 20),
      pastProgressDetails: {},
    });
    expect(series.map((day) => day.target)).toEqual([100, 100, 100, 100, 100, 200]);
    expect(series.every((day) => day.future && day.actual === null)).toBe(true);
  });
});

describe('latestDataDay', () => {
  it('is the latest YYYYMMDD key', () => {
    expect(latestDataDay({ '20261113': {}, '20261120': {}, '20261112': {} })).toBe('20261120');
    expect(latestDataDay({})).toBeUndefined();
    expect(latestDataDay(undefined)).toBeUndefined();
  });
});
