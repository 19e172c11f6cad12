import type { SpendDay } from '@promo/domain/promotion/tracking.rules';
import { describe, expect, it } from 'vitest';
import { weeklyFigures } from './weekly-figures';

const DAY = 24 * 60 * 60 * 1000;

function series(length: number, today: number): SpendDay[] {
  return Array.from({ length }, (_, index) => ({
    key: String(20261102 + index),
    epochMs: index * DAY,
    tradingDayNumber: index + 1,
    actual: index <= today ? (index + 1) * 100 : null,
    target: (index + 1) * 90,
    future: index > today,
  }));
}

describe('weeklyFigures', () => {
  it('gives one row per seven days, the last week ending with the promotion', () => {
    const weeks = weeklyFigures(series(17, 20));
    expect(weeks.map((week) => [week.week, week.endsAt / DAY, week.actual, week.target])).toEqual([
      [1, 6, 700, 630],
      [2, 13, 1400, 1260],
      [3, 16, 1700, 1530],
    ]);
  });

  it("shows the current week's latest figure and no actual for weeks to come", () => {
    const weeks = weeklyFigures(series(21, 9));
    expect(weeks.map((week) => week.actual)).toEqual([700, 1000, null]);
    expect(weeks.map((week) => week.target)).toEqual([630, 1260, 1890]);
  });

  it('has no rows for an empty series', () => {
    expect(weeklyFigures([])).toEqual([]);
  });
});
