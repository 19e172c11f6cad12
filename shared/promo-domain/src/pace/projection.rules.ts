import { carriedSpend } from './pace.rules';
import {
  highestTargetByEnd,
  plannedTargets,
  spendPlanBasis,
  type PlannedTarget,
} from './planned-targets.rules';

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
export type TargetProjection = PlannedTarget;

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
 * spend is not in them yet), and adds the average pace on each trading day from today on
 * (carriedSpend). Its crossing days are the spend plan's at that pace (plannedTargets), and its last
 * day is paceAdvice's projectedSpend, so a target crosses by the end exactly when paceAdvice says it
 * is on pace.
 */
export function spendProjection(input: {
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: readonly { targetNumber: number; amount: number }[];
}): SpendProjection {
  const basis = spendPlanBasis(input);
  const { advice, spend } = basis;
  const dailyPace = advice.elapsedTradingDays > 0 ? spend / advice.elapsedTradingDays : 0;
  const projecting = advice.elapsedTradingDays > 0 && advice.remainingTradingDays > 0;

  const todayIndex = basis.days.findIndex((day) => day.when === 'today');
  const days = basis.days.map(({ key, tradingDayNumber }, index): ProjectedDay => {
    if (!projecting || index < todayIndex - 1) return { key, projected: null };
    if (index === todayIndex - 1) return { key, projected: spend };
    return { key, projected: carriedSpend(spend, dailyPace, tradingDayNumber - advice.elapsedTradingDays) };
  });

  const targets = plannedTargets(basis, dailyPace);
  return {
    dailyPace,
    endSpend: advice.projectedSpend,
    days,
    targets,
    highestTargetByEnd: highestTargetByEnd(targets),
  };
}
