import { paceAdvice } from '@promo/domain/pace/pace.rules';
import { describe, expect, it } from 'vitest';
import {
  amountToNextTarget,
  compareNeedsAttention,
  nextTargetNeed,
  excessBand,
  ON_PACE_FROM_PERCENT,
  PACE_BANDS,
  paceBand,
  paceLabel,
  percentExcess,
  promotionPace,
  repBarColour,
  SLIPPING_FROM_PERCENT,
  targetStatus,
} from './rep-progress.rules';

describe('repBarColour', () => {
  it('is green at 0 % excess and above', () => {
    expect(repBarColour(0)).toBe('green');
    expect(repBarColour(0.01)).toBe('green');
    expect(repBarColour(250)).toBe('green');
  });

  it('is orange just below 0 and down to -10 inclusive', () => {
    expect(repBarColour(-0.01)).toBe('orange');
    expect(repBarColour(-5)).toBe('orange');
    expect(repBarColour(-10)).toBe('orange');
  });

  it('is red below -10', () => {
    expect(repBarColour(-10.01)).toBe('red');
    expect(repBarColour(-100)).toBe('red');
  });
});

describe('excessBand', () => {
  it('puts exactly 0 % in on pace and exactly -10 % in slipping', () => {
    expect(ON_PACE_FROM_PERCENT).toBe(0);
    expect(SLIPPING_FROM_PERCENT).toBe(-10);
    expect(excessBand(0)).toBe('on-pace');
    expect(excessBand(-0)).toBe('on-pace');
    expect(excessBand(-10)).toBe('slipping');
  });

  it('is on pace above 0, slipping just below 0, behind just below -10', () => {
    expect(excessBand(Number.MIN_VALUE)).toBe('on-pace');
    expect(excessBand(250)).toBe('on-pace');
    expect(excessBand(-Number.EPSILON)).toBe('slipping');
    expect(excessBand(-9.99)).toBe('slipping');
    expect(excessBand(-10.000000000000002)).toBe('behind');
    expect(excessBand(-100)).toBe('behind');
  });

  it('gives the bar its colour: one rule for both', () => {
    for (const excess of [250, 0, -0.01, -10, -10.01, -100]) {
      const colour = { 'on-pace': 'green', slipping: 'orange', behind: 'red' }[excessBand(excess)];
      expect(repBarColour(excess)).toBe(colour);
    }
  });
});

describe('paceBand', () => {
  // 10 of 25 trading days of a $10,000 first target expects $4,000 so far.
  const pace = { elapsedTradingDays: 10, tradingDays: 25 };
  const joined = (totalSpend: number, firstTarget = 10_000) => ({ enrolled: true, totalSpend, firstTarget });

  it('is on pace with spend exactly at the pace (0 %) and above it', () => {
    expect(percentExcess(4000, 10_000, pace)).toBe(0);
    expect(paceBand(joined(4000), pace)).toBe('on-pace');
    expect(paceBand(joined(4000.01), pace)).toBe('on-pace');
    expect(paceBand(joined(25_000), pace)).toBe('on-pace');
  });

  it('is slipping a cent below the pace and at 90 % of it (-10 %)', () => {
    expect(paceBand(joined(3999.99), pace)).toBe('slipping');
    expect(percentExcess(3600, 10_000, pace)).toBeCloseTo(-10, 12);
    expect(paceBand(joined(3600), pace)).toBe('slipping');
  });

  it('is behind a cent below 90 % of the pace', () => {
    expect(paceBand(joined(3599.99), pace)).toBe('behind');
    expect(paceBand(joined(0), pace)).toBe('behind');
    expect(paceBand(joined(-50), pace)).toBe('behind');
  });

  it('is not joined for a customer who has not joined, whatever their figures', () => {
    expect(paceBand({ enrolled: false, totalSpend: 9000, firstTarget: 10_000 }, pace)).toBe('not-joined');
    expect(paceBand({ enrolled: false, totalSpend: 0, firstTarget: 10_000 }, pace)).toBe('not-joined');
    expect(paceBand({ enrolled: false, totalSpend: 0, firstTarget: 0 }, pace)).toBe('not-joined');
  });

  it('puts a joined customer without a first target on pace: nothing is expected of them', () => {
    expect(paceBand(joined(0, 0), pace)).toBe('on-pace');
    expect(paceBand(joined(500, 0), pace)).toBe('on-pace');
    expect(paceBand(joined(0, Number.NaN), pace)).toBe('on-pace');
  });

  it('puts everyone who joined on pace before the first trading day has elapsed', () => {
    expect(paceBand(joined(0), { elapsedTradingDays: 0, tradingDays: 25 })).toBe('on-pace');
  });

  it('names the four bands in summary order', () => {
    expect(PACE_BANDS).toEqual(['on-pace', 'slipping', 'behind', 'not-joined']);
  });
});

describe('percentExcess', () => {
  const pace = { elapsedTradingDays: 10, tradingDays: 25 };

  it('compares spend with the straight-line pace to the first target', () => {
    // 10 of 25 trading days of a $10,000 target expects $4,000.
    expect(percentExcess(4000, 10_000, pace)).toBeCloseTo(0);
    expect(percentExcess(3500, 10_000, pace)).toBeCloseTo(-12.5);
    expect(percentExcess(3600, 10_000, pace)).toBeCloseTo(-10);
    expect(percentExcess(5000, 10_000, pace)).toBeCloseTo(25);
  });

  it('expects nothing before the first trading day', () => {
    expect(percentExcess(0, 10_000, { elapsedTradingDays: 0, tradingDays: 25 })).toBe(0);
  });

  it('has no value without a target', () => {
    expect(percentExcess(500, 0, pace)).toBeUndefined();
  });
});

describe('promotionPace', () => {
  it('counts trading days from the start to the day before today, of all the promotion’s trading days', () => {
    // Monday 3 to Friday 14 November 2025 in New Zealand: ten trading days; today is Wednesday the 5th,
    // and the figures cover Monday and Tuesday.
    const start = Date.parse('2025-11-02T11:00:00Z'); // 00:00 Mon 3 Nov NZDT
    const end = Date.parse('2025-11-14T10:59:59Z'); // 23:59 Fri 14 Nov NZDT
    const now = Date.parse('2025-11-04T22:00:00Z'); // 11:00 Wed 5 Nov NZDT
    expect(promotionPace(now, start, end)).toEqual({ elapsedTradingDays: 2, tradingDays: 10 });
  });
});

describe('the bar value', () => {
  it("says of each target whether it is reached, or the whole percent of it, in the rep's view of a customer", () => {
    const target = { targetNumber: 2, amount: 28_300 };
    expect(targetStatus(27_348.02, target)).toEqual({ reached: false, text: '96% achieved' });
    expect(targetStatus(28_300, target)).toEqual({ reached: true, text: 'reached' });
    expect(targetStatus(2_900, { targetNumber: 1, amount: 10_000 }).text).toBe('29% achieved');
  });

  it('names each colour in words', () => {
    expect(paceLabel('green')).toBe('on pace');
    expect(paceLabel('orange')).toBe('up to 10% behind pace');
    expect(paceLabel('red')).toBe('more than 10% behind pace');
  });
});

const TARGETS = [
  { targetNumber: 1, amount: 10_000 },
  { targetNumber: 2, amount: 15_000 },
  { targetNumber: 3, amount: 20_000 },
];
// Monday 3 to Friday 14 November 2025 in New Zealand; today Wednesday the 5th: 8 trading days remain,
// today included (its spend is not in the figures yet).
const START = Date.parse('2025-11-02T11:00:00Z');
const END = Date.parse('2025-11-14T10:59:59Z');
const NOW = Date.parse('2025-11-04T22:00:00Z');

describe('amountToNextTarget', () => {
  it('is what the first target not reached still needs', () => {
    expect(amountToNextTarget(4000, TARGETS)).toBe(6000);
    expect(amountToNextTarget(12_500, TARGETS)).toBe(2500);
  });

  it('counts a target as reached at exactly its amount', () => {
    expect(amountToNextTarget(10_000, TARGETS)).toBe(5000);
  });

  it('is 0 when every target is reached, or there are none', () => {
    expect(amountToNextTarget(20_000, TARGETS)).toBe(0);
    expect(amountToNextTarget(100, [])).toBe(0);
  });

  it('takes targets in target order, and negative spend (credits) as nothing spent', () => {
    expect(amountToNextTarget(-50, TARGETS.toReversed())).toBe(10_000);
  });

  it('agrees with the pace rule’s next target for any spend', () => {
    for (let spend = -1000; spend <= 21_000; spend += 250) {
      const advice = paceAdvice({
        now: NOW,
        startTimestamp: START,
        endTimestamp: END,
        totalSpend: spend,
        targets: TARGETS,
      });
      expect(amountToNextTarget(spend, TARGETS)).toBe(advice.nextTarget?.remaining ?? 0);
    }
  });
});

describe('nextTargetNeed', () => {
  it('gives the next target and the spend per remaining trading day it needs', () => {
    expect(
      nextTargetNeed({
        now: NOW,
        startTimestamp: START,
        endTimestamp: END,
        totalSpend: 12_900,
        targets: TARGETS,
      }),
    ).toEqual({
      targetNumber: 2,
      amount: 15_000,
      remaining: 2100,
      perTradingDayNeeded: 262.5,
    });
  });

  it('is undefined once every target is reached', () => {
    expect(
      nextTargetNeed({
        now: NOW,
        startTimestamp: START,
        endTimestamp: END,
        totalSpend: 25_000,
        targets: TARGETS,
      }),
    ).toBeUndefined();
  });

  it('has no per-day figure once no trading day remains', () => {
    const after = Date.parse('2025-11-20T00:00:00Z');
    expect(
      nextTargetNeed({
        now: after,
        startTimestamp: START,
        endTimestamp: END,
        totalSpend: 100,
        targets: TARGETS,
      })?.perTradingDayNeeded,
    ).toBeNull();
  });
});

describe('compareNeedsAttention', () => {
  it('ranks by spend still needed per remaining trading day, most first, reached-all last, ties by id', () => {
    const customers = [
      { id: 'G4', totalSpend: 20_000 },
      { id: 'G2', totalSpend: 9000 },
      { id: 'G1', totalSpend: 2000 },
      { id: 'G5', totalSpend: 14_000 },
      { id: 'G3', totalSpend: 2000 },
    ].map((customer) => ({
      ...customer,
      amountToNextTarget: amountToNextTarget(customer.totalSpend, TARGETS),
    }));
    const ranked = customers.toSorted(compareNeedsAttention).map((customer) => customer.id);
    expect(ranked).toEqual(['G1', 'G3', 'G2', 'G5', 'G4']);

    // The same order as the pace rule's per-day figure.
    const perDay = (spend: number) =>
      paceAdvice({ now: NOW, startTimestamp: START, endTimestamp: END, totalSpend: spend, targets: TARGETS })
        .nextTarget?.perTradingDayNeeded ?? 0;
    const byPace = customers
      .toSorted((a, b) => perDay(b.totalSpend) - perDay(a.totalSpend) || a.id.localeCompare(b.id))
      .map((customer) => customer.id);
    expect(ranked).toEqual(byPace);
  });
});
