import { describe, expect, it } from 'vitest';
import { targetStatus } from '../rep/rep-progress.rules';
import { progressPerTarget } from '../spend-progress/spend-progress.rules';
import { achievement, percentOfTarget, targetInFocus, targetProgress } from './target-progress.rules';

/** The demo's multi-target ladder; the demo customer has spent $27,348.02 of it. */
const LADDER = [
  { targetNumber: 1, amount: 25800 },
  { targetNumber: 2, amount: 28300 },
  { targetNumber: 3, amount: 32000 },
];

describe('percentOfTarget', () => {
  it('is the whole percent achieved, capped at 100', () => {
    expect(percentOfTarget(5229.81, 22600)).toBe(23);
    expect(percentOfTarget(22599, 22600)).toBe(99);
    expect(percentOfTarget(30000, 22600)).toBe(100);
    expect(percentOfTarget(0, 22600)).toBe(0);
  });
  it('is exact where the fraction is not (0.29 * 100 is 28.999…)', () => {
    expect(percentOfTarget(2900, 10000)).toBe(29);
    expect(percentOfTarget(5700, 10000)).toBe(57);
  });
});

describe('targetInFocus', () => {
  // Out of order, as a promotion may list them.
  const targets = [LADDER[1]!, LADDER[0]!, LADDER[2]!];
  it('is the first target not reached', () => {
    expect(targetInFocus(targets, 10000)?.targetNumber).toBe(1);
    expect(targetInFocus(targets, 27348.02)?.targetNumber).toBe(2);
  });
  it('is the last target once all are reached', () => {
    expect(targetInFocus(targets, 40000)?.targetNumber).toBe(3);
  });
});

describe('targetProgress', () => {
  const targets = LADDER.slice(0, 2);
  it("names the target being worked towards and never calls it reached before it is (the demo customer's $27,348.02)", () => {
    expect(targetProgress(targets, 27348.02)).toEqual({
      percent: 96,
      caption: 'of Target 2',
      reached: false,
    });
    expect(targetProgress(targets, 10000)).toEqual({ percent: 38, caption: 'of Target 1', reached: false });
  });
  it('says achieved once the last target is reached', () => {
    expect(targetProgress(targets, 28300)).toEqual({
      percent: 100,
      caption: 'Target 2 achieved',
      reached: true,
    });
    expect(targetProgress(targets, 40000)).toEqual({
      percent: 100,
      caption: 'Target 2 achieved',
      reached: true,
    });
  });
  it('leaves the number out for a promotion with one target', () => {
    const one = [{ targetNumber: 1, amount: 22600 }];
    expect(targetProgress(one, 5229.81)).toEqual({ percent: 23, caption: 'of target', reached: false });
    expect(targetProgress(one, 22600)).toEqual({ percent: 100, caption: 'Target achieved', reached: true });
  });
  it('says so when there is no target', () => {
    expect(targetProgress([], 500)).toEqual({ percent: 0, caption: 'No target set', reached: false });
  });
});

describe('achievement', () => {
  const targets = LADDER;
  it("is the stored fraction of the ring's target, rounded down as the ring is (the demo customer's $27,348.02)", () => {
    const { percentageAchieved } = achievement(targets, 27348.02);
    expect(percentageAchieved).toBe(0.9663);
    expect(Math.floor(percentageAchieved * 100)).toBe(targetProgress(targets, 27348.02).percent);
    expect(achievement(targets, 2900).percentageAchieved).toBe(0.1124);
  });
  it('orders customers by targets reached first, then by the fraction of the next', () => {
    const spends = [0, 10000, 25799, 25800, 27348.02, 28300, 31999, 32000, 50000];
    const progress = spends.map((spend) => achievement(targets, spend).progress);
    expect(progress).toEqual(progress.toSorted((a, b) => a - b));
    expect(achievement(targets, 27348.02).progress).toBe(1.9663);
    expect(achievement(targets, 25799).progress).toBeLessThan(1);
    expect(achievement(targets, 50000)).toEqual({ percentageAchieved: 1, progress: 4 });
  });
  it('is 0 without a target', () => {
    expect(achievement([], 500)).toEqual({ percentageAchieved: 0, progress: 0 });
    expect(achievement([{ targetNumber: 1, amount: 0 }], 500)).toEqual({
      percentageAchieved: 0,
      progress: 0,
    });
  });
});

describe('one figure on every screen', () => {
  // Spends around each target of the ladder, where a copy with other rounding or another test of
  // "reached" would read differently, and a credit.
  const spends = [
    -50, 0, 2900, 9996, 25_799.99, 25_800, 27_348.02, 28_299.5, 28_300, 31_999.99, 32_000, 50_000,
  ];

  it('gives the tracking ring, the rep table, the embedded page and the rep view of a customer the same percent and "reached"', () => {
    for (const spend of spends) {
      const ring = targetProgress(LADDER, spend);
      const focus = targetInFocus(LADDER, spend);
      const embedded = progressPerTarget(spend, LADDER);
      expect(embedded.find((target) => target.targetNumber === focus?.targetNumber)).toMatchObject({
        percent: ring.percent,
        reached: ring.reached,
      });
      for (const target of LADDER) {
        const onPage = embedded.find((line) => line.targetNumber === target.targetNumber);
        const inRepView = targetStatus(spend, target);
        expect(inRepView.reached).toBe(onPage?.reached);
        expect(inRepView.text).toBe(onPage?.reached ? 'reached' : `${onPage?.percent}% achieved`);
      }
    }
  });
});
