import { describe, expect, it } from 'vitest';
import {
  daysRemainingColour,
  promotionTimeline,
  spendByDivision,
  targetProgress,
  targetsReached,
} from './spend-progress.rules';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('targetProgress', () => {
  it('gives the fraction, whole percent and remaining spend for each target in order', () => {
    expect(
      targetProgress(15000, [
        { targetNumber: 2, amount: 20000 },
        { targetNumber: 1, amount: 10000 },
      ]),
    ).toEqual([
      { targetNumber: 1, amount: 10000, fraction: 1, percent: 150, reached: true, remaining: 0 },
      { targetNumber: 2, amount: 20000, fraction: 0.75, percent: 75, reached: false, remaining: 5000 },
    ]);
  });

  it('rounds the percent down, so a target nearly reached never reads 100%', () => {
    const [progress] = targetProgress(9996, [{ targetNumber: 1, amount: 10000 }]);
    expect(progress?.percent).toBe(99);
    expect(progress?.reached).toBe(false);
  });

  it('counts a target as reached at exactly its amount', () => {
    expect(targetProgress(10000, [{ targetNumber: 1, amount: 10000 }])[0]).toMatchObject({
      percent: 100,
      reached: true,
      remaining: 0,
    });
  });

  it('treats negative spend (credits) as nothing achieved', () => {
    expect(targetProgress(-50, [{ targetNumber: 1, amount: 100 }])[0]).toMatchObject({
      fraction: 0,
      percent: 0,
      remaining: 150,
    });
  });
});

describe('targetsReached', () => {
  it('counts the targets reached', () => {
    const progress = targetProgress(25000, [
      { targetNumber: 1, amount: 10000 },
      { targetNumber: 2, amount: 20000 },
      { targetNumber: 3, amount: 30000 },
    ]);
    expect(targetsReached(progress)).toBe(2);
  });
});

describe('promotionTimeline', () => {
  const start = Date.UTC(2026, 0, 1);
  const end = start + 40 * DAY_MS;

  it('counts whole days elapsed and remaining, and the percent of time completed', () => {
    expect(promotionTimeline(start, end, start + 10 * DAY_MS + 5000)).toEqual({
      totalDays: 40,
      elapsedDays: 10,
      daysRemaining: 30,
      percentTimeCompleted: 25,
    });
  });

  it('counts a part day left as a day remaining', () => {
    expect(promotionTimeline(start, end, end - 1000).daysRemaining).toBe(1);
  });

  it('is 0% before the start and 100% with no days remaining after the end', () => {
    expect(promotionTimeline(start, end, start - DAY_MS)).toMatchObject({
      elapsedDays: 0,
      percentTimeCompleted: 0,
      daysRemaining: 41,
    });
    expect(promotionTimeline(start, end, end + 3 * DAY_MS)).toMatchObject({
      elapsedDays: 40,
      percentTimeCompleted: 100,
      daysRemaining: 0,
    });
  });
});

describe('daysRemainingColour', () => {
  it('is green from 45 days', () => {
    expect(daysRemainingColour(45)).toBe('green');
    expect(daysRemainingColour(120)).toBe('green');
  });
  it('is olive from 40 to 44 days', () => {
    expect(daysRemainingColour(40)).toBe('olive');
    expect(daysRemainingColour(44)).toBe('olive');
  });
  it('is amber from 30 to 39 days', () => {
    expect(daysRemainingColour(30)).toBe('amber');
    expect(daysRemainingColour(39)).toBe('amber');
  });
  it('is orange from 20 to 29 days', () => {
    expect(daysRemainingColour(20)).toBe('orange');
    expect(daysRemainingColour(29)).toBe('orange');
  });
  it('is red-orange from 10 to 19 days', () => {
    expect(daysRemainingColour(10)).toBe('red-orange');
    expect(daysRemainingColour(19)).toBe('red-orange');
  });
  it('is red under 10 days', () => {
    expect(daysRemainingColour(9)).toBe('red');
    expect(daysRemainingColour(0)).toBe('red');
  });
});

describe('spendByDivision', () => {
  it('lists the divisions with spend in the spec order, with their names', () => {
    expect(spendByDivision({ totalSpend: 60, byDivision: { N: 30, A: 10, '2': 20 } })).toEqual([
      { division: 'A', name: 'Autolign', amount: 10 },
      { division: '2', name: 'HCB/JAS', amount: 20 },
      { division: 'N', name: 'NZ Brake Co', amount: 30 },
    ]);
  });
});
