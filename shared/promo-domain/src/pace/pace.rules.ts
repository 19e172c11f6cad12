import { NZ_PUBLIC_HOLIDAYS } from './nz-holidays';

/**
 * Pace advice: what a customer must spend per remaining trading day to reach each target by the
 * promotion's end, and whether their average so far gets there. Shared by the customer's tracking
 * view and the sales rep's customer detail. Days are NZ calendar dates (Pacific/Auckland), whatever
 * the browser's own time zone.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const HOLIDAYS = new Set(NZ_PUBLIC_HOLIDAYS);

// en-CA formats dates as YYYY-MM-DD.
const nzDateFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Pacific/Auckland',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The NZ calendar date of an instant, as whole days since 1970-01-01 (a day number, not an instant). */
function nzDayNumber(epochMs: number): number {
  const [year, month, day] = nzDateFormat.format(epochMs).split('-').map(Number);
  return Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS);
}

function isTradingDay(dayNumber: number): boolean {
  const date = new Date(dayNumber * DAY_MS);
  const weekday = date.getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !HOLIDAYS.has(date.toISOString().slice(0, 10));
}

/** Whether a calendar date ('YYYY-MM-DD') is a trading day: Monday to Friday and not an NZ public holiday. */
export function isNzTradingDate(isoDate: string): boolean {
  const [year, month, day] = isoDate.split('-').map(Number);
  return isTradingDay(Math.round(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / DAY_MS));
}

/** Trading days among the day numbers in (fromDay, toDay]. */
function countTradingDays(fromDay: number, toDay: number): number {
  let count = 0;
  for (let day = fromDay + 1; day <= toDay; day += 1) {
    if (isTradingDay(day)) count += 1;
  }
  return count;
}

/** Trading days (Mon-Fri, not an NZ public holiday) in the half-open range (fromMs, toMs], by NZ calendar date. */
export function tradingDaysBetween(fromMs: number, toMs: number): number {
  return countTradingDays(nzDayNumber(fromMs), nzDayNumber(toMs));
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
  /** Trading days from the start date to today's date, both included (0 before the start). */
  elapsedTradingDays: number;
  /** Trading days after today's date up to and including the end date (0 once ended). */
  remainingTradingDays: number;
  /** In target number order. */
  targets: TargetPace[];
  /** the first target not reached, if any */
  nextTarget?: TargetPace;
}

/**
 * Today counts as elapsed, not remaining: spend figures are end-of-day totals, so a day that has
 * begun is already being measured, and "per trading day" advice is about the days still to come.
 */
export function paceAdvice(input: {
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: { targetNumber: number; amount: number }[];
}): PaceAdvice {
  const startDay = nzDayNumber(input.startTimestamp);
  const endDay = nzDayNumber(input.endTimestamp);
  const today = nzDayNumber(input.now);

  const elapsedTradingDays = countTradingDays(startDay - 1, Math.min(today, endDay));
  const remainingTradingDays = countTradingDays(Math.max(today, startDay - 1), endDay);
  const totalTradingDays = elapsedTradingDays + remainingTradingDays;
  const spend = Math.max(0, input.totalSpend);
  const projected = elapsedTradingDays > 0 ? (spend / elapsedTradingDays) * totalTradingDays : spend;

  const targets = input.targets
    .toSorted((a, b) => a.targetNumber - b.targetNumber)
    .map(({ targetNumber, amount }): TargetPace => {
      const reached = spend >= amount;
      const remaining = reached ? 0 : amount - spend;
      let perTradingDayNeeded = 0;
      if (!reached)
        perTradingDayNeeded = remainingTradingDays > 0 ? remaining / remainingTradingDays : Infinity;
      const onPace = reached || (elapsedTradingDays > 0 && projected >= amount);
      return { targetNumber, amount, reached, remaining, perTradingDayNeeded, onPace };
    });

  return {
    elapsedTradingDays,
    remainingTradingDays,
    targets,
    nextTarget: targets.find((target) => !target.reached),
  };
}
