import { paceAdvice } from '@promo/domain/pace/pace.rules';
import { percentOfTarget } from '@promo/domain/promotion/target-progress.rules';
import { PACE_BANDS, type PaceBand } from '../api/pace-bands';
import type { Target } from '../types';

/**
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

/** One target's line in the rep's view of a customer: "reached", or the whole percent of it, "64% achieved". */
export const targetStatus = (totalSpend: number, target: Target): string =>
  totalSpend >= target.amount ? 'reached' : `${percentOfTarget(totalSpend, target.amount)}% achieved`;
