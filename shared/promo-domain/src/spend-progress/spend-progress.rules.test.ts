import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../calendar/day';
import { progressPerTarget, promotionTimeline, targetsReached } from './spend-progress.rules';
import { daysRemaining, percentTimeCompleted } from '../promotion/tracking.rules';

describe('progressPerTarget', () => {
  it('gives the whole percent, 100 once reached, and the remaining spend for each target in order', () => {
    expect(
      progressPerTarget(15000, [
        { targetNumber: 2, amount: 20000 },
        { targetNumber: 1, amount: 10000 },
      ]),
    ).toEqual([
      { targetNumber: 1, amount: 10000, percent: 100, reached: true, remaining: 0 },
      { targetNumber: 2, amount: 20000, percent: 75, reached: false, remaining: 5000 },
    ]);
  });

  it('rounds the percent down, so a target nearly reached never reads 100%', () => {
    const [progress] = progressPerTarget(9996, [{ targetNumber: 1, amount: 10000 }]);
    expect(progress?.percent).toBe(99);
    expect(progress?.reached).toBe(false);
  });

  it('counts a target as reached at exactly its amount', () => {
    expect(progressPerTarget(10000, [{ targetNumber: 1, amount: 10000 }])[0]).toMatchObject({
      percent: 100,
      reached: true,
      remaining: 0,
    });
  });

  it('treats negative spend (credits) as nothing achieved', () => {
    expect(progressPerTarget(-50, [{ targetNumber: 1, amount: 100 }])[0]).toMatchObject({
      percent: 0,
      remaining: 150,
    });
  });
});

describe('targetsReached', () => {
  it('counts the targets reached', () => {
    const progress = progressPerTarget(25000, [
      { targetNumber: 1, amount: 10000 },
      { targetNumber: 2, amount: 20000 },
      { targetNumber: 3, amount: 30000 },
    ]);
    expect(targetsReached(progress)).toBe(2);
  });
});

describe('promotionTimeline', () => {
  // New Zealand midnight (NZDT, UTC+13) at the start of 1 January and of 10 February 2026.
  const start = Date.UTC(2025, 11, 31, 11);
  const end = Date.UTC(2026, 1, 9, 11);
  const nzNoon = (month: number, day: number) => Date.UTC(2026, month - 1, day - 1, 23);

  it('counts the days left with today included, and the whole percent of days completed', () => {
    expect(promotionTimeline(start, end, nzNoon(1, 11))).toEqual({
      daysRemaining: 31,
      percentTimeCompleted: 25,
    });
  });

  it('uses the New Zealand date: 11:30 pm UTC on 10 January is already 11 January there', () => {
    expect(promotionTimeline(start, end, Date.UTC(2026, 0, 10, 23, 30))).toEqual(
      promotionTimeline(start, end, nzNoon(1, 11)),
    );
  });

  it("gives the tracking view's figures for the same promotion and moment", () => {
    for (const now of [start - DAY_MS, start, nzNoon(1, 20), end - 1000, end + 3 * DAY_MS]) {
      expect(promotionTimeline(start, end, now)).toEqual({
        daysRemaining: daysRemaining(end, now),
        percentTimeCompleted: percentTimeCompleted(start, end, now),
      });
    }
  });

  it('is 0% before the start and 100% with no days remaining after the end', () => {
    expect(promotionTimeline(start, end, start - DAY_MS).percentTimeCompleted).toBe(0);
    expect(promotionTimeline(start, end, end + 3 * DAY_MS)).toEqual({
      percentTimeCompleted: 100,
      daysRemaining: 0,
    });
  });
});
