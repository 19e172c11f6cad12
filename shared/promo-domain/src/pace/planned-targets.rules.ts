import { carriedSpend, paceAdvice, promotionDays, type PaceAdvice, type PromotionDay } from './pace.rules';

/**
 * The day each target is reached at a pace: one rule for the spend projection (at the customer's own
 * pace, projection.rules.ts) and the spend plan (at the pace the customer plans, spend-plan.rules.ts),
 * so the two cannot disagree. A module of its own so the tracking view, which draws the projection,
 * carries none of the plan's code (docs/decisions/048-spend-plan.md).
 */

/** What every plan of one account, promotion and day shares: worked out once, not on every keystroke. */
export interface SpendPlanBasis {
  /** promotionDays: every NZ date from the start's date to the end's date. */
  days: readonly PromotionDay[];
  advice: PaceAdvice;
  /** Dollars ex GST in the figures so far; never negative. */
  spend: number;
}

export function spendPlanBasis(input: {
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: readonly { targetNumber: number; amount: number }[];
}): SpendPlanBasis {
  return {
    days: promotionDays(input),
    advice: paceAdvice(input),
    spend: Math.max(0, input.totalSpend),
  };
}

/**
 * A target's outcome under a plan: reached already; reached on an NZ date (its key, and its index
 * into the basis' days); or not reached by the end.
 */
export type PlannedTarget = { targetNumber: number; amount: number } & (
  { status: 'reached' } | { status: 'crosses'; dayKey: string; dayIndex: number } | { status: 'not-by-end' }
);

/**
 * Each target's outcome at `perTradingDay` dollars a trading day (never below 0). A target is
 * reached on the first day, today or later, whose carried spend is at or above it; only a trading
 * day adds spend, so that day is a trading day.
 */
export function plannedTargets(basis: SpendPlanBasis, perTradingDay: number): PlannedTarget[] {
  const { days, advice, spend } = basis;
  const pace = Math.max(0, perTradingDay);
  return advice.targets.map(({ targetNumber, amount, reached }): PlannedTarget => {
    if (reached) return { targetNumber, amount, status: 'reached' };
    const dayIndex = days.findIndex(
      (day) =>
        day.when !== 'past' &&
        day.tradingDay &&
        carriedSpend(spend, pace, day.tradingDayNumber - advice.elapsedTradingDays) >= amount,
    );
    const day = days[dayIndex];
    return day
      ? { targetNumber, amount, status: 'crosses', dayKey: day.key, dayIndex }
      : { targetNumber, amount, status: 'not-by-end' };
  });
}

/** The highest target reached, already or by the plan, by the end; undefined when none is. */
export function highestTargetByEnd(targets: readonly PlannedTarget[]): number | undefined {
  return targets.findLast((target) => target.status !== 'not-by-end')?.targetNumber;
}
