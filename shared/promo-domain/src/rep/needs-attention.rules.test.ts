import { paceAdvice } from '@promo/domain/pace/pace.rules';
import { describe, expect, it } from 'vitest';
import { amountToNextTarget, compareNeedsAttention, nextTargetNeed } from './needs-attention.rules';

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
