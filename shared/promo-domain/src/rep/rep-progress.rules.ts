import { paceAdvice } from '@promo/domain/pace/pace.rules';
import { targetAchieved } from '@promo/domain/promotion/target-progress.rules';
import { PACE_BANDS, type PaceBand } from '../api/pace-bands';
import type { AccountSearchItem, Target } from '../types';

/**
 * Where a customer stands, for a rep: the progress bar and the pace bands, here, and what the next
 * target needs, for the "Needs attention" worklist (below).
 *
 * The rep customer list's progress bar (docs/product-rules.md, 'Customer table'): the fill is the
 * percent of the target in focus (targetProgress, as the customer's ring); the colour says whether
 * the customer keeps pace with the first target. The
 * same pace bands sort a rep's customers for the portfolio summary and the band filter
 * (docs/decisions/030-account-search-bands.md).
 */

export type RepBarColour = 'green' | 'orange' | 'red';

/** Every band, in the order a summary lists them. */
export { PACE_BANDS };

/** Each band's name on the portfolio bar, its filter and the roll-up's columns. */
export const PACE_BAND_LABELS: Record<PaceBand, string> = {
  'on-pace': 'On pace',
  slipping: 'Slipping',
  behind: 'Behind',
  'not-joined': 'Not joined',
};

/** What each band means, in words beside the bar (the bar's colours are never the only cue). */
export const PACE_BAND_MEANINGS: Record<PaceBand, string> = {
  'on-pace': 'at or ahead of the pace to Target 1',
  slipping: 'up to 10% behind pace',
  behind: 'more than 10% behind pace',
  'not-joined': 'has not joined the promotion',
};

/** The bands a joined customer's percent excess falls in. */
export type ExcessBand = Exclude<PaceBand, 'not-joined'>;

/** From this percent excess up (0 % included), a customer is on pace. */
export const ON_PACE_FROM_PERCENT = 0;
/** From this percent excess up to on pace (-10 % included), a customer is slipping; below it, behind. */
export const SLIPPING_FROM_PERCENT = -10;

/**
 * The band of a percent excess: on pace at 0 % or more, slipping from -10 % (included) to 0 %,
 * behind below -10 %. The server's search classifies its rows with the same thresholds (it binds
 * these constants into its SQL), so a band filter and a summary count the customers the bars show.
 */
export function excessBand(percentExcess: number): ExcessBand {
  if (percentExcess >= ON_PACE_FROM_PERCENT) return 'on-pace';
  if (percentExcess >= SLIPPING_FROM_PERCENT) return 'slipping';
  return 'behind';
}

const BAR_COLOURS: Record<ExcessBand, RepBarColour> = {
  'on-pace': 'green',
  slipping: 'orange',
  behind: 'red',
};

/** Green when the percent excess is 0 or more, orange from -10 to 0, red below -10 (excessBand). */
export function repBarColour(percentExcess: number): RepBarColour {
  return BAR_COLOURS[excessBand(percentExcess)];
}

/**
 * Where one customer of a promotion stands, for the rep's portfolio summary and band filter:
 * - 'not-joined' when they have not joined the promotion, whatever their figures;
 * - otherwise the band of their percent excess (excessBand);
 * - a joined customer without a first target (0 or missing) has nothing expected of them, as nobody
 *   has before the first trading day (percentExcess answers 0 then), so they are 'on-pace': with
 *   nothing to keep pace with they cannot fall behind, and every joined customer is in exactly one
 *   of the three pace bands.
 */
export function paceBand(
  customer: { enrolled: boolean; totalSpend: number; firstTarget: number },
  pace: PromotionPace,
): PaceBand {
  if (!customer.enrolled) return 'not-joined';
  const excess = percentExcess(customer.totalSpend, customer.firstTarget, pace);
  return excess === undefined ? 'on-pace' : excessBand(excess);
}

/** Where a promotion stands in trading days (paceAdvice, @promo/domain/pace/pace.rules); the same for all its customers. */
export interface PromotionPace {
  elapsedTradingDays: number;
  tradingDays: number;
}

export function promotionPace(now: number, startTimestamp: number, endTimestamp: number): PromotionPace {
  const { elapsedTradingDays, remainingTradingDays } = paceAdvice({
    now,
    startTimestamp,
    endTimestamp,
    totalSpend: 0,
    targets: [],
  });
  return { elapsedTradingDays, tradingDays: elapsedTradingDays + remainingTradingDays };
}

/**
 * Percent excess: how far spend so far is ahead of (positive) or behind (negative) the straight-line
 * pace to the first target, as a percentage of that pace. The pace counts trading days, as the
 * customer's own view does, up to the day before today (the days the spend figures cover): after 10
 * of 25 trading days a $10,000 target expects $4,000, so $3,500 is -12.5 %. Before a trading day has
 * elapsed nothing is expected yet (0). Undefined without a target.
 */
export function percentExcess(
  totalSpend: number,
  firstTarget: number,
  pace: PromotionPace,
): number | undefined {
  if (!(firstTarget > 0)) return undefined;
  if (pace.elapsedTradingDays === 0 || pace.tradingDays === 0) return 0;
  const expected = (firstTarget * pace.elapsedTradingDays) / pace.tradingDays;
  return (totalSpend / expected - 1) * 100;
}

/** Words for the bar's colour, for screen readers and the legend. */
export function paceLabel(colour: RepBarColour): string {
  if (colour === 'green') return 'on pace';
  if (colour === 'orange') return 'up to 10% behind pace';
  return 'more than 10% behind pace';
}

/**
 * One target's line in the rep's view of a customer, by the percent-achieved rule (targetAchieved):
 * "reached", or the whole percent of it, "64% achieved".
 */
export function targetStatus(totalSpend: number, target: Target): { reached: boolean; text: string } {
  const { percent, reached } = targetAchieved(totalSpend, target);
  return { reached, text: reached ? 'reached' : `${percent}% achieved` };
}

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
