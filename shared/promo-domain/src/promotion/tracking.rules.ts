import {
  dayKeyToLocalMidnight,
  dayNumberOf,
  nzDayNumber,
  trackingToday,
} from '@promo/domain/calendar/nz-calendar';
import { promotionDays } from '@promo/domain/pace/pace.rules';
import type { Target } from '../types';

/**
 * The tracking view's rules (docs/product-rules.md, 'Tracking view'): days remaining and its colour band,
 * the tier bar, the rings and the daily spend series. Calendar days are New Zealand dates, the dates
 * pastProgressDetails is keyed by, and today is trackingToday's (@promo/domain/calendar/nz-calendar), whatever the
 * device's time zone.
 */

export type DaysRemainingColour = 'green' | 'olive' | 'amber' | 'orange' | 'red-orange' | 'red';

/** 45 or more green; 40-44 olive; 30-39 amber; 20-29 orange; 10-19 red-orange; under 10 red. */
export function daysRemainingColour(days: number): DaysRemainingColour {
  if (days >= 45) return 'green';
  if (days >= 40) return 'olive';
  if (days >= 30) return 'amber';
  if (days >= 20) return 'orange';
  if (days >= 10) return 'red-orange';
  return 'red';
}

/** Calendar days left in the promotion, today included (1 on the last day); 0 once it has ended. */
export function daysRemaining(endTimestamp: number, now: number): number {
  return Math.max(0, nzDayNumber(endTimestamp) - dayNumberOf(trackingToday(now)) + 1);
}

/**
 * Percent of the promotion's time completed, in whole days (0-100): the days before today
 * of those from the start date to the end date. The start day itself is 0 %.
 */
export function percentTimeCompleted(startTimestamp: number, endTimestamp: number, now: number): number {
  const start = nzDayNumber(startTimestamp);
  const totalDays = nzDayNumber(endTimestamp) - start;
  const elapsedDays = dayNumberOf(trackingToday(now)) - start;
  if (elapsedDays <= 0) return 0;
  if (totalDays <= 0 || elapsedDays >= totalDays) return 100;
  return Math.round((elapsedDays / totalDays) * 100);
}

/** The tier bar's size; its fill never drops below 10 % of the height. */
export const TIER_BAR = { heightPx: 450, widthPx: 120, minFillRatio: 0.1 } as const;

export type TierBarColour = 'blue' | 'orange';

/** Blue when spend exceeds the first target, otherwise orange. */
export function tierBarColour(totalSpend: number, firstTargetAmount: number): TierBarColour {
  return totalSpend > firstTargetAmount ? 'blue' : 'orange';
}

export interface TierBarLayout {
  colour: TierBarColour;
  /** Height of the filled part, px. */
  fillPx: number;
  /** Each target's line, measured from the bottom of the bar, px. */
  markers: { targetNumber: number; amount: number; offsetPx: number }[];
}

/**
 * The vertical tier bar: the scale tops out a tenth above the highest target (or the spend, if
 * higher) so the top target's line and label stay inside the bar.
 */
export function tierBarLayout(
  totalSpend: number,
  targets: readonly Target[],
  heightPx: number = TIER_BAR.heightPx,
): TierBarLayout {
  const ordered = targets.toSorted((a, b) => a.targetNumber - b.targetNumber);
  const highest = Math.max(0, ...ordered.map((target) => target.amount));
  const scaleMax = Math.max(highest, totalSpend) * 1.1 || 1;
  const ratio = Math.max(TIER_BAR.minFillRatio, Math.min(1, Math.max(0, totalSpend) / scaleMax));
  return {
    colour: tierBarColour(totalSpend, ordered[0]?.amount ?? 0),
    fillPx: Math.round(ratio * heightPx),
    markers: ordered.map((target) => ({
      targetNumber: target.targetNumber,
      amount: target.amount,
      offsetPx: Math.round((target.amount / scaleMax) * heightPx),
    })),
  };
}

export interface SpendDay {
  /** 'YYYYMMDD', an NZ date: the key of pastProgressDetails. */
  key: string;
  /** The device's local midnight of that date, for formatting the date (not for counting days). */
  epochMs: number;
  /** Trading days from the start up to and including this day. */
  tradingDayNumber: number;
  /** Cumulative spend at the end of the day; null for days still to come. */
  actual: number | null;
  /** The straight-line target: the first daily target times the trading day number. */
  target: number;
  /** After today (trackingToday). */
  future: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * The spend chart's series: one entry per NZ calendar day from start to end (promotionDays, the same
 * days as the projection). A day without a figure (a weekend, a holiday, today before the overnight
 * update) or with 0 carries the last non-zero cumulative spend forward, up to today; later days
 * have no actual figure.
 *
 * The target line multiplies the first daily target by the day number counted in trading days,
 * because the daily target is the target divided by the promotion's trading days: counted in
 * calendar days the line would overshoot the target by the weekends.
 */
export function dailySpendSeries(input: {
  startTimestamp: number;
  endTimestamp: number;
  pastProgressDetails: Record<string, { totalSpend: number }> | undefined;
  /** dailySalesTargets[0], dollars per trading day. */
  firstDailyTarget: number;
  now: number;
}): SpendDay[] {
  let carried = 0;
  return promotionDays(input).map(({ key, tradingDayNumber, when }) => {
    const future = when === 'future';
    const figure = input.pastProgressDetails?.[key]?.totalSpend ?? 0;
    if (!future && figure > 0) carried = figure;
    return {
      key,
      epochMs: dayKeyToLocalMidnight(key),
      tradingDayNumber,
      actual: future ? null : carried,
      target: round2(input.firstDailyTarget * tradingDayNumber),
      future,
    };
  });
}

/** The latest day with a figure ('YYYYMMDD'): what "as at" refers to. */
export function latestDataDay(pastProgressDetails: Record<string, unknown> | undefined): string | undefined {
  return Object.keys(pastProgressDetails ?? {})
    .filter((key) => /^\d{8}$/.test(key))
    .sort()
    .at(-1);
}
