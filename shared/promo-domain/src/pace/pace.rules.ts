import {
  countTradingDays,
  dayKeyOf,
  dayNumberOf,
  isTradingDay,
  nzDayNumber,
  trackingToday,
} from '@promo/domain/calendar/nz-calendar';

/**
 * Pace advice: what a customer must spend per remaining trading day to reach each target by the
 * promotion's end, and whether their average so far gets there. Shared by the customer's tracking
 * view, the sales rep's screens and the server. Days are NZ calendar dates (Pacific/Auckland),
 * whatever the device's own time zone: every rule here and in tracking.rules.ts reads its `now`
 * through trackingToday, and every date through @promo/domain/calendar/nz-calendar.
 */

/** Today as a day number: every rule goes through trackingToday, so none can read the clock differently. */
function todayNumber(now: number): number {
  return dayNumberOf(trackingToday(now));
}

/** One NZ calendar day of a promotion. */
export interface PromotionDay {
  /** 'YYYYMMDD', the key of pastProgressDetails. */
  key: string;
  tradingDay: boolean;
  /** Trading days from the start up to and including this day. */
  tradingDayNumber: number;
  /** Before today, today (trackingToday) or after today. */
  when: 'past' | 'today' | 'future';
}

/**
 * Every NZ calendar day from the start's date to the end's date, both included: the days of the
 * spend chart and of the projection, so the two line up day for day.
 */
export function promotionDays(input: {
  startTimestamp: number;
  endTimestamp: number;
  now: number;
}): PromotionDay[] {
  const today = todayNumber(input.now);
  const last = nzDayNumber(input.endTimestamp);
  const days: PromotionDay[] = [];
  let tradingDayNumber = 0;
  for (let day = nzDayNumber(input.startTimestamp); day <= last; day += 1) {
    const tradingDay = isTradingDay(day);
    if (tradingDay) tradingDayNumber += 1;
    const when = day < today ? 'past' : day === today ? 'today' : 'future';
    days.push({ key: dayKeyOf(day), tradingDay, tradingDayNumber, when });
  }
  return days;
}

/**
 * The projection rule: the spend at the end of a day, carried on from the figures (the end of the
 * day before today) at `perTradingDay` dollars on each trading day from today on, `tradingDays` of
 * them up to and including that day. The pace advice's projected spend, spendProjection's days and
 * the spend plan (spend-plan.rules.ts) are all this one sum, so none can round differently.
 */
export function carriedSpend(spend: number, perTradingDay: number, tradingDays: number): number {
  return spend + perTradingDay * tradingDays;
}

export interface TargetPace {
  targetNumber: number;
  /** dollars ex GST over the whole promotion */
  amount: number;
  reached: boolean;
  /** dollars still needed, 0 when reached */
  remaining: number;
  /** dollars per remaining trading day to reach it by the end; 0 when reached; Infinity when no trading days remain and not reached */
  perTradingDayNeeded: number;
  /** current average daily pace (spend / elapsed trading days) projected to the end reaches it */
  onPace: boolean;
}

export interface PaceAdvice {
  /** Trading days from the start date up to the day before today (0 up to the start): the days the figures cover. */
  elapsedTradingDays: number;
  /** Trading days from today, included, to the end date (0 once ended): the days still to spend in. */
  remainingTradingDays: number;
  /**
   * Spend at the end at the current average pace: the spend carried on at spend / elapsed trading
   * days over the remaining trading days (carriedSpend), the same as that pace × all the
   * promotion's trading days. The spend itself before any trading day has elapsed or once none remains.
   */
  projectedSpend: number;
  /** In target number order. */
  targets: TargetPace[];
  /** the first target not reached, if any */
  nextTarget?: TargetPace;
}

/**
 * Today counts as remaining, not elapsed: spend figures are end-of-day totals that arrive overnight,
 * so today's spend is not in them yet and today is still a day to spend in. Dividing the spend by
 * the days it covers keeps the average honest; counting today as elapsed would spread yesterday's
 * total over one day more and ask for the target over one day fewer.
 */
export function paceAdvice(input: {
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: readonly { targetNumber: number; amount: number }[];
}): PaceAdvice {
  const startDay = nzDayNumber(input.startTimestamp);
  const endDay = nzDayNumber(input.endTimestamp);
  const today = todayNumber(input.now);

  const elapsedTradingDays = countTradingDays(startDay - 1, Math.min(today - 1, endDay));
  const remainingTradingDays = countTradingDays(Math.max(today - 1, startDay - 1), endDay);
  const spend = Math.max(0, input.totalSpend);
  // spendProjection draws the same sum day by day (carriedSpend), so its value on the last trading
  // day is this very number and the chart and the advice cannot disagree.
  const projectedSpend =
    elapsedTradingDays > 0 && remainingTradingDays > 0
      ? carriedSpend(spend, spend / elapsedTradingDays, remainingTradingDays)
      : spend;

  const targets = input.targets
    .toSorted((a, b) => a.targetNumber - b.targetNumber)
    .map(({ targetNumber, amount }): TargetPace => {
      const reached = spend >= amount;
      const remaining = reached ? 0 : amount - spend;
      let perTradingDayNeeded = 0;
      if (!reached)
        perTradingDayNeeded = remainingTradingDays > 0 ? remaining / remainingTradingDays : Infinity;
      const onPace = reached || (elapsedTradingDays > 0 && projectedSpend >= amount);
      return { targetNumber, amount, reached, remaining, perTradingDayNeeded, onPace };
    });

  return {
    elapsedTradingDays,
    remainingTradingDays,
    projectedSpend,
    targets,
    nextTarget: targets.find((target) => !target.reached),
  };
}
