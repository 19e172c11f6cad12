import { paceAdvice, promotionDays } from './pace.rules';

/**
 * Where the customer is heading: their spend carried on at their average pace so far (spend /
 * elapsed trading days, by paceAdvice's NZ trading-day calendar) to the promotion's end, day by day
 * for the spend chart, and the day it reaches each target.
 */

/** One day of the projection, the same days as dailySpendSeries (@promo/domain/promotion/tracking.rules). */
export interface ProjectedDay {
  /** 'YYYYMMDD', an NZ calendar date. */
  key: string;
  /**
   * Projected cumulative spend at the end of the day; flat over days that are not trading days. Null
   * before the day before today (the actual spend covers those) and whenever there is nothing to
   * project: no trading day elapsed yet, or none left.
   */
  projected: number | null;
}

/**
 * A target's outlook: reached already; reached by the projection on an NZ date (the key, and the
 * index into `days`); or not reached by the end at this pace.
 */
export type TargetProjection = { targetNumber: number; amount: number } & (
  { status: 'reached' } | { status: 'crosses'; dayKey: string; dayIndex: number } | { status: 'not-by-end' }
);

export interface SpendProjection {
  /** Dollars per trading day so far: spend / elapsed trading days; 0 before any trading day has elapsed. */
  dailyPace: number;
  /** Projected spend at the end: paceAdvice's projectedSpend, which its onPace compares with each target. */
  endSpend: number;
  /** One entry per NZ calendar day from the start's date to the end's date. */
  days: ProjectedDay[];
  /** In target number order. */
  targets: TargetProjection[];
  /** The highest target reached, already or by the projection, by the end; undefined when none is. */
  highestTargetByEnd: number | undefined;
}

/**
 * The projection starts at the end of the day before today, where the spend figures stand (today's
 * spend is not in them yet), and adds the average pace on each trading day from today on. A day's
 * value is pace × its trading day number, the product paceAdvice projects to the end, so a target
 * crosses by the end exactly when paceAdvice says it is on pace.
 */
export function spendProjection(input: {
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: readonly { targetNumber: number; amount: number }[];
}): SpendProjection {
  const advice = paceAdvice(input);
  const spend = Math.max(0, input.totalSpend);
  const dailyPace = advice.elapsedTradingDays > 0 ? spend / advice.elapsedTradingDays : 0;
  const projecting = advice.elapsedTradingDays > 0 && advice.remainingTradingDays > 0;

  const calendar = promotionDays(input);
  const todayIndex = calendar.findIndex((day) => day.when === 'today');
  const days = calendar.map(({ key, tradingDayNumber }, index): ProjectedDay => {
    if (!projecting || index < todayIndex - 1) return { key, projected: null };
    return { key, projected: index === todayIndex - 1 ? spend : dailyPace * tradingDayNumber };
  });

  const targets = advice.targets.map(({ targetNumber, amount, reached, onPace }): TargetProjection => {
    if (reached) return { targetNumber, amount, status: 'reached' };
    // Only a trading day adds spend, so the first day at or over the amount is a trading day.
    const dayIndex = onPace
      ? calendar.findIndex(
          (day, index) => index >= todayIndex && day.tradingDay && dailyPace * day.tradingDayNumber >= amount,
        )
      : -1;
    const day = calendar[dayIndex];
    return day
      ? { targetNumber, amount, status: 'crosses', dayKey: day.key, dayIndex }
      : { targetNumber, amount, status: 'not-by-end' };
  });

  return {
    dailyPace,
    endSpend: advice.projectedSpend,
    days,
    targets,
    highestTargetByEnd: targets.findLast((target) => target.status !== 'not-by-end')?.targetNumber,
  };
}
