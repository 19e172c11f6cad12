import type { Target } from '../types';

/**
 * One progress figure for a customer in a promotion, the same for the customer and the rep
 * (docs/product-rules.md, "Percent achieved"): how far the customer is towards the target in focus,
 * the first not yet reached (the last once all are). The customer's tracking ring, the embedded
 * spend-progress page, the rep's customer table, its Percentage sort, the rep's view of a customer
 * and the stored percentageAchieved all come from here: shareOfTarget is the one rounding, and
 * isTargetReached the one test of a target reached.
 */

/**
 * A share of a target in `scale` parts, 0 to `scale`: rounded down, so 99.6 % never reads as 100 %,
 * and a spend past the target is the whole of it. The percent shown (scale 100) and the stored
 * fraction (scale 10,000) both round here.
 */
function shareOfTarget(totalSpend: number, targetAmount: number, scale: number): number {
  // Spend times the scale first: $2,900 of $10,000 is 29 %, where 0.29 * 100 rounds down to 28.
  return Math.max(0, Math.min(scale, Math.floor((totalSpend * scale) / targetAmount)));
}

/** A target is reached at its amount or past it. */
function isTargetReached(totalSpend: number, target: Pick<Target, 'amount'>): boolean {
  return totalSpend >= target.amount;
}

/** Whole percent of a target achieved, 0-100 (a spend past the target shows 100). */
export function percentOfTarget(totalSpend: number, targetAmount: number): number {
  if (targetAmount <= 0) return 100;
  return shareOfTarget(totalSpend, targetAmount, 100);
}

/** One target's figure: the whole percent of it achieved and whether it is reached. */
export function targetAchieved(
  totalSpend: number,
  target: Pick<Target, 'amount'>,
): { percent: number; reached: boolean } {
  return {
    percent: percentOfTarget(totalSpend, target.amount),
    reached: isTargetReached(totalSpend, target),
  };
}

/** The target the customer is working towards: the first not reached, else the last. */
export function targetInFocus(targets: readonly Target[], totalSpend: number): Target | undefined {
  const ordered = targets.toSorted((a, b) => a.targetNumber - b.targetNumber);
  return ordered.find((target) => !isTargetReached(totalSpend, target)) ?? ordered.at(-1);
}

/**
 * The customer's tracking ring and the rep's table row: the whole percent of the target in focus
 * (targetInFocus), and a caption that names that target and says plainly
 * whether it is reached. "96% of Target 2" while short of it; "100% Target 2 achieved" once there. A
 * promotion with one target says "target" without a number.
 */
export function targetProgress(
  targets: readonly Target[],
  totalSpend: number,
): { percent: number; caption: string; reached: boolean } {
  const focus = targetInFocus(targets, totalSpend);
  if (!focus) return { percent: 0, caption: 'No target set', reached: false };
  const name = targets.length > 1 ? `Target ${focus.targetNumber}` : 'target';
  const { percent, reached } = targetAchieved(totalSpend, focus);
  return {
    percent,
    caption: reached ? `${targets.length > 1 ? name : 'Target'} achieved` : `of ${name}`,
    reached,
  };
}

/**
 * What the server stores per customer and promotion: percentageAchieved, the fraction 0-1 of the
 * target in focus (to 4 places, rounded as the percent shown: shareOfTarget), and progress, the targets
 * reached plus that fraction, by which the rep's table sorts on Percentage: every customer past
 * Target 1 comes before every customer short of it, and within a target the nearer first.
 */
export function achievement(
  targets: readonly Target[],
  totalSpend: number,
): { percentageAchieved: number; progress: number } {
  const focus = targetInFocus(targets, totalSpend);
  if (!focus || !(focus.amount > 0)) return { percentageAchieved: 0, progress: 0 };
  const fraction = shareOfTarget(totalSpend, focus.amount, 10_000) / 10_000;
  const reached = targets.filter((target) => isTargetReached(totalSpend, target)).length;
  return { percentageAchieved: fraction, progress: reached + fraction };
}
