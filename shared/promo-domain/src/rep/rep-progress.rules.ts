import { paceAdvice } from '@promo/domain/pace';

/**
 * The rep customer list's progress bar (docs/product-rules.md, 'Customer table'): the fill is the share of the
 * first target reached; the colour says whether the customer keeps pace with it.
 */

export type RepBarColour = 'green' | 'orange' | 'red';

/**
 * Green when the percent excess is 0 or more, orange between -10 and 0, red below -10.
 * -10 itself is orange (only "below -10" is red).
 */
export function repBarColour(percentExcess: number): RepBarColour {
  if (percentExcess >= 0) return 'green';
  if (percentExcess >= -10) return 'orange';
  return 'red';
}

/** Where a promotion stands in trading days (paceAdvice, @promo/domain/pace); the same for all its customers. */
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

/** The bar's fill, 0-100 (%), from the fraction of the first target achieved (capped at 100). */
export function barFillPercent(percentageAchieved: number): number {
  if (!Number.isFinite(percentageAchieved)) return 0;
  return Math.min(100, Math.max(0, percentageAchieved * 100));
}

/** The value beside the bar, e.g. '64%' (whole percent, rounded down so 99.6 % is not shown as 100 %). */
export function formatAchieved(percentageAchieved: number): string {
  return `${Math.floor(barFillPercent(percentageAchieved))}%`;
}

/** Words for the bar's colour, for screen readers and the legend. */
export function paceLabel(colour: RepBarColour): string {
  if (colour === 'green') return 'on pace';
  if (colour === 'orange') return 'up to 10% behind pace';
  return 'more than 10% behind pace';
}
