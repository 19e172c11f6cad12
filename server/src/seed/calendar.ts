/**
 * Day arithmetic in the server's local time zone: promotions start at local midnight and end at
 * the last millisecond of their final trading day.
 */
import { formatLongDate } from '@promo/domain/clock-format';

export const DAY_MS = 24 * 60 * 60 * 1000;

export function startOfDay(epochMs: number): Date {
  const date = new Date(epochMs);
  date.setHours(0, 0, 0, 0);
  return date;
}

/** Calendar days, safe across daylight-saving changes (setDate keeps local midnight). */
export function addDays(date: Date, days: number): Date {
  const next = new Date(date);
  next.setDate(next.getDate() + days);
  return next;
}

export function endOfDay(date: Date): number {
  return addDays(date, 1).getTime() - 1;
}

export function isTradingDay(date: Date): boolean {
  const weekday = date.getDay();
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

/** 'YYYYMMDD', the key of pastProgressDetails. */
export function dayKey(date: Date): string {
  return `${date.getFullYear()}${String(date.getMonth() + 1).padStart(2, '0')}${String(date.getDate()).padStart(2, '0')}`;
}

/** 'D MMMM YYYY', e.g. '12 December 2025'. */
/** e.g. '1 January 2030' (the same label the shell shows). */
export const longDate = formatLongDate;
