import { daysRemaining, percentTimeCompleted } from '../promotion/tracking.rules';
import { DIVISION_CODES, DIVISIONS, type DivisionCode, type ProgressDetails, type Target } from '../types';

/**
 * What the embedded spend-progress page shows from a message: progress against
 * each target, the promotion's time line and the spend per division. Pure, so the page only lays
 * the numbers out.
 */

export interface TargetProgress {
  targetNumber: number;
  /** dollars ex GST */
  amount: number;
  /** Fraction of the target achieved, 0-1 (capped at 1 once reached). */
  fraction: number;
  /** Whole percent achieved, rounded down so 99.6% never reads as 100%; not capped. */
  percent: number;
  reached: boolean;
  /** dollars still needed; 0 once reached */
  remaining: number;
}

/** Progress against each target, in target order. */
export function targetProgress(totalSpend: number, targets: readonly Target[]): TargetProgress[] {
  return [...targets]
    .sort((a, b) => a.targetNumber - b.targetNumber)
    .map(({ targetNumber, amount }) => {
      const ratio = amount > 0 ? Math.max(0, totalSpend) / amount : 0;
      return {
        targetNumber,
        amount,
        fraction: Math.min(1, ratio),
        percent: Math.floor(ratio * 100 + 1e-9),
        reached: totalSpend >= amount,
        remaining: Math.max(0, amount - totalSpend),
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

export interface DivisionSpend {
  division: DivisionCode;
  /** e.g. 'Autolign' */
  name: string;
  /** dollars ex GST */
  amount: number;
}

/** The spend per division in the DIVISIONS order (types.ts), divisions without spend left out. */
export function spendByDivision(progress: ProgressDetails): DivisionSpend[] {
  return DIVISION_CODES.flatMap((division) => {
    const amount = progress.byDivision[division];
    return amount === undefined ? [] : [{ division, name: DIVISIONS[division], amount }];
  });
}
