import { carriedSpend } from './pace.rules';
import {
  highestTargetByEnd,
  plannedTargets,
  type PlannedTarget,
  type SpendPlanBasis,
} from './planned-targets.rules';

/**
 * The spend plan: "if I spend $X a week from today, which targets do I reach, and when?"
 * (docs/product-rules.md, 'Spend plan'). It is the projection's rule with the customer's own pace
 * swapped for the one they plan: the spend in the figures, carried on from the end of the day before
 * today, plus the planned amount on each trading day from today on (carriedSpend, which paceAdvice
 * and spendProjection use too). The day a target is reached is plannedTargets' (planned-targets.rules.ts),
 * which spendProjection runs at the customer's own pace, so the two cannot disagree.
 */

/**
 * A week's spend is five trading days': a plan adds a fifth of the weekly figure on each trading day,
 * so a week with a public holiday in it adds less (docs/decisions/048-spend-plan.md).
 */
const TRADING_DAYS_PER_WEEK = 5;

export interface SpendPlan {
  /** Dollars ex GST a week, as planned. */
  weeklySpend: number;
  /** Spend at the end of the promotion under the plan. */
  endSpend: number;
  /** In target number order. */
  targets: PlannedTarget[];
  highestTargetByEnd: number | undefined;
}

/** The plan at `weeklySpend` dollars a week from today. */
export function spendPlan(basis: SpendPlanBasis, weeklySpend: number): SpendPlan {
  const perTradingDay = Math.max(0, weeklySpend) / TRADING_DAYS_PER_WEEK;
  const targets = plannedTargets(basis, perTradingDay);
  return {
    weeklySpend,
    endSpend: carriedSpend(basis.spend, perTradingDay, basis.advice.remainingTradingDays),
    targets,
    highestTargetByEnd: highestTargetByEnd(targets),
  };
}

/** Whether there is anything to plan: trading days left and a target not yet reached. */
export function planStatus(basis: SpendPlanBasis): 'open' | 'ended' | 'all-reached' {
  if (basis.advice.targets.length > 0 && !basis.advice.nextTarget) return 'all-reached';
  return basis.advice.remainingTradingDays === 0 ? 'ended' : 'open';
}

/**
 * For each target not yet reached, the weekly spend that reaches it by the end date: whole dollars,
 * rounded up, and never a dollar short under the plan's own sum (spendPlan at this figure reaches
 * the target). Empty once no trading day remains.
 */
export function weeklySpendToReach(
  basis: SpendPlanBasis,
): { targetNumber: number; amount: number; weeklySpend: number }[] {
  const { advice, spend } = basis;
  if (advice.remainingTradingDays === 0) return [];
  return advice.targets
    .filter((target) => !target.reached)
    .map(({ targetNumber, amount, perTradingDayNeeded }) => {
      // Rounded to cents first, as formatPerTradingDay does, so float noise does not add a dollar.
      let weekly = Math.ceil(Math.round(perTradingDayNeeded * TRADING_DAYS_PER_WEEK * 100) / 100);
      const reaches = (value: number) =>
        carriedSpend(spend, value / TRADING_DAYS_PER_WEEK, advice.remainingTradingDays) >= amount;
      while (!reaches(weekly)) weekly += 1;
      return { targetNumber, amount, weeklySpend: weekly };
    });
}

/** The customer's average pace so far as a weekly spend (0 before a trading day has elapsed). */
export function currentWeeklySpend(basis: SpendPlanBasis): number {
  const { advice, spend } = basis;
  return advice.elapsedTradingDays > 0 ? (spend / advice.elapsedTradingDays) * TRADING_DAYS_PER_WEEK : 0;
}

/** The most a plan accepts: dollars ex GST a week. */
const MAX_WEEKLY_SPEND = 10_000_000;

/**
 * A weekly spend as typed: dollars, with or without '$', thousands commas and cents. A refusal
 * says what to type instead.
 */
export function readWeeklySpend(text: string): { ok: true; value: number } | { ok: false; message: string } {
  const cleaned = text
    .trim()
    .replace(/^\$\s*/, '')
    .replaceAll(',', '')
    .replaceAll(' ', '');
  if (cleaned === '') return { ok: false, message: 'Enter a weekly spend in dollars, such as 4000.' };
  if (cleaned.startsWith('-')) {
    return { ok: false, message: 'A weekly spend cannot be negative. Enter $0 or more.' };
  }
  if (!/^\d+(\.\d{1,2})?$|^\.\d{1,2}$/.test(cleaned)) {
    return { ok: false, message: 'Enter the weekly spend as a number of dollars, such as 4000 or 4,000.50.' };
  }
  const value = Number(cleaned);
  if (value > MAX_WEEKLY_SPEND) {
    return { ok: false, message: 'Enter a weekly spend of $10,000,000 or less.' };
  }
  return { ok: true, value };
}
