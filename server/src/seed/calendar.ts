/**
 * Day arithmetic for the demo data, in New Zealand dates whatever the server's own time zone: the
 * promotions start at midnight in New Zealand and end at the last millisecond of their final
 * trading day there, and pastProgressDetails is keyed by the NZ dates the browser reads it by
 * (@promo/domain/calendar/nz-calendar). A day is the Date of its NZ midnight.
 */
import { DAY_MS, dayKeyOf, nzDateTime, nzDayNumber, nzInstant } from '@promo/domain/calendar/nz-calendar';
import { formatLongDate } from '@promo/domain/format/clock-format';

export { DAY_MS };

/** The NZ day an instant falls on. */
export function startOfDay(epochMs: number): Date {
  return new Date(nzInstant(nzDayNumber(epochMs)));
}

/** Calendar days, safe across daylight-saving changes (each day is its own NZ midnight). */
export function addDays(date: Date, days: number): Date {
  return new Date(nzInstant(nzDayNumber(date.getTime()) + days));
}

export function endOfDay(date: Date): number {
  return addDays(date, 1).getTime() - 1;
}

export function isTradingDay(date: Date): boolean {
  const weekday = new Date(nzDayNumber(date.getTime()) * DAY_MS).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/** The first `count` trading days (Monday to Friday) from `start` on. */
export function tradingDaysFrom(start: Date, count: number): Date[] {
  const days: Date[] = [];
  for (let day = start; days.length < count; day = addDays(day, 1)) {
    if (isTradingDay(day)) days.push(day);
  }
  return days;
}

/** The last `count` trading days up to and including `end`, in order. */
export function tradingDaysUntil(end: Date, count: number): Date[] {
  const days: Date[] = [];
  for (let day = end; days.length < count; day = addDays(day, -1)) {
    if (isTradingDay(day)) days.unshift(day);
  }
  return days;
}

/** 'YYYYMMDD', the key of pastProgressDetails: the day's NZ date. */
export function dayKey(date: Date): string {
  return dayKeyOf(nzDayNumber(date.getTime()));
}

/** The day's NZ date as 'D MMMM YYYY', e.g. '12 December 2025' (the same label the shell shows). */
export function longDate(date: Date): string {
  const { year, month, day } = nzDateTime(date.getTime());
  return formatLongDate(new Date(year, month - 1, day));
}
