import { targetAchieved } from '../promotion/target-progress.rules';
import { daysRemaining, percentTimeCompleted } from '../promotion/tracking.rules';
import type { Target } from '../types';

/**
 * What the embedded spend-progress page shows from a message: progress against each target and the
 * promotion's time line (its spend per division is the rep's: promotion/division-spend.rules.ts).
 * Pure, so the page only lays the numbers out.
 */

export interface TargetProgress {
  targetNumber: number;
  /** dollars ex GST */
  amount: number;
  /** Whole percent achieved (docs/product-rules.md, "Percent achieved"): 100 once reached. */
  percent: number;
  reached: boolean;
  /** dollars still needed; 0 once reached */
  remaining: number;
}

/**
 * Progress against each target, in target order: the percent and "reached" of each are the tracking
 * ring's and the rep's (targetAchieved), so the embedded page never reads differently.
 */
export function progressPerTarget(totalSpend: number, targets: readonly Target[]): TargetProgress[] {
  return targets
    .toSorted((a, b) => a.targetNumber - b.targetNumber)
    .map((target) => {
      const { percent, reached } = targetAchieved(totalSpend, target);
      return {
        targetNumber: target.targetNumber,
        amount: target.amount,
        percent,
        reached,
        remaining: Math.max(0, target.amount - totalSpend),
      };
    });
}

/** How many targets the spend has reached (targets are sequential, so the count names the highest). */
export function targetsReached(progress: readonly TargetProgress[]): number {
  return progress.filter((target) => target.reached).length;
}

export interface PromotionTimeline {
  /** Days left in the promotion, today included; 0 once it has ended. */
  daysRemaining: number;
  /** Whole percent of the promotion's days completed, 0-100. */
  percentTimeCompleted: number;
}

/**
 * The time line the embedded page shows, by the tracking view's own rules (the same "today", the
 * New Zealand date), so the two never disagree about the same promotion.
 */
export function promotionTimeline(startMs: number, endMs: number, nowMs: number): PromotionTimeline {
  return {
    daysRemaining: daysRemaining(endMs, nowMs),
    percentTimeCompleted: percentTimeCompleted(startMs, endMs, nowMs),
  };
}

export { daysRemainingColour, type DaysRemainingColour } from '../promotion/tracking.rules';
