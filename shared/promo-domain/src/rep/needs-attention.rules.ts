import { paceAdvice } from '@promo/domain/pace/pace.rules';
import type { AccountSearchItem, Target } from '../types';

/**
 * The rep's "Needs attention" worklist (docs/product-rules.md, 'Needs attention and CSV export'): customers ranked by the spend they
 * still need per remaining trading day to reach their next target, by the same pace rule as the
 * customer's own tracking view (@promo/domain/pace/pace.rules).
 *
 * Every customer of one promotion shares its remaining trading days (today is the same NZ date for
 * all of them, trackingToday in @promo/domain/calendar/nz-calendar, not a date of each account's figures), so the
 * spend per day ranks the same way as the amount still needed to the next target. The server stores
 * that amount as an indexed sort key (it cannot depend on the clock) and divides by the trading days
 * left when it answers; both come from the functions below.
 */

/** The next target (the first not reached, in target order) and what reaching it takes. */
export type NextTargetNeed = NonNullable<AccountSearchItem['nextTarget']>;

/**
 * Dollars still needed to reach the next target; 0 when every target is reached or there are none.
 * The clock does not matter here, which is why the server can store it. It is paceAdvice's
 * nextTarget.remaining (a test holds the two together) without the calendar work, which costs tens
 * of microseconds a call: too much for a seed of 50,000 accounts.
 */
export function amountToNextTarget(totalSpend: number, targets: readonly Target[]): number {
  const spend = Math.max(0, totalSpend);
  const next = targets
    .toSorted((a, b) => a.targetNumber - b.targetNumber)
    .find((target) => spend < target.amount);
  return next ? next.amount - spend : 0;
}

/** What a customer needs to reach their next target by the promotion's end; undefined when nothing is left to reach. */
export function nextTargetNeed(input: {
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: readonly Target[];
}): NextTargetNeed | undefined {
  const advice = paceAdvice(input);
  const next = advice.nextTarget;
  if (!next) return undefined;
  return {
    targetNumber: next.targetNumber,
    amount: next.amount,
    remaining: next.remaining,
    perTradingDayNeeded: Number.isFinite(next.perTradingDayNeeded) ? next.perTradingDayNeeded : null,
  };
}

/**
 * The needs-attention order, most needed first: by the amount still needed to the next target
 * (equivalently per remaining trading day), customers who reached every target last, ties by id.
 * The server's 'needsAttention' sort answers in this order; this function states it for tests and
 * for lists ranked in the browser.
 */
export function compareNeedsAttention(
  a: { id: string; amountToNextTarget: number },
  b: { id: string; amountToNextTarget: number },
): number {
  if (a.amountToNextTarget !== b.amountToNextTarget) return b.amountToNextTarget - a.amountToNextTarget;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}
