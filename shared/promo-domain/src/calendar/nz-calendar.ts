import { DAY_MS } from './day';
import { NZ_PUBLIC_HOLIDAYS } from './nz-holidays';

/**
 * The one place that turns instants into New Zealand calendar dates and back: NZ today, trading
 * days, day keys and the instants a day stands for. Every figure a customer or a rep sees is counted
 * in NZ dates (Pacific/Auckland), whatever the device's own time zone, and every rule that counts
 * days (pace, tracking, projection, pace bands) comes here.
 *
 * No locale's `format()` output is parsed here: what it prints is locale data, and it differs between
 * engines and ICU versions (en-CA gives '2026-11-26' in one and '11/26/2026' in another).
 * docs/decisions/031-engine-support.md.
 */

export { DAY_MS };

const HOLIDAYS = new Set(NZ_PUBLIC_HOLIDAYS);

/**
 * New Zealand's clocks, as a rule: standard time is UTC+12, and daylight time (UTC+13) runs from
 * the last Sunday of September at 2 am to the first Sunday of April at 3 am. Both changes happen at
 * 14:00 UTC on the Saturday. The rule holds since daylight time was lengthened in 2007. The tests
 * (nz-calendar.test.ts) check it at four instants of every day to 2045 against the time zone
 * database (Pacific/Auckland), so a change in the law shows up there.
 *
 * Why a rule and not `Intl.DateTimeFormat` with `timeZone`: building that formatter loads the
 * zone's data, a long task on a phone (27 ms here, over 100 ms at a phone's 4x slower CPU), on the
 * first render of every screen that counts NZ days. Before 2008 (other rules then) the rule is
 * applied as if it held: no date of this product's data is that old, and a stray one, such as a
 * zero timestamp, still reads as a date rather than failing.
 */
const STANDARD_MINUTES = 12 * 60;
const DAYLIGHT_MINUTES = 13 * 60;

/** The instant of 14:00 UTC on the Saturday before a Sunday of `year`'s `month` (0-based). */
function saturdayChange(year: number, month: number, which: 'first' | 'last'): number {
  const day =
    which === 'first'
      ? 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7)
      : (() => {
          const lastDay = new Date(Date.UTC(year, month + 1, 0));
          return lastDay.getUTCDate() - lastDay.getUTCDay();
        })();
  return Date.UTC(year, month, day - 1, 14);
}

/** The NZ wall-clock fields of an instant. */
export function nzDateTime(epochMs: number): {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
} {
  if (!Number.isFinite(epochMs)) throw new RangeError(`No New Zealand date for the instant ${epochMs}`);
  const wall = new Date(epochMs + nzOffsetMinutes(epochMs) * 60_000);
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    second: wall.getUTCSeconds(),
  };
}

/** A 'YYYYMMDD' or 'YYYY-MM-DD' date as whole days since 1970-01-01 (a day number, not an instant). */
export function dayNumberOf(date: string): number {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a calendar date: '${date}'`);
  const [, year, month, day] = match.map(Number);
  return Math.round(Date.UTC(year ?? NaN, (month ?? NaN) - 1, day ?? NaN) / DAY_MS);
}

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** A day number's date fields (the day number counts UTC days, so UTC fields are its calendar date). */
function fieldsOf(dayNumber: number) {
  const date = new Date(dayNumber * DAY_MS);
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** A day number as 'YYYYMMDD', the key of pastProgressDetails. */
export function dayKeyOf(dayNumber: number): string {
  const { year, month, day } = fieldsOf(dayNumber);
  return `${pad(year, 4)}${pad(month)}${pad(day)}`;
}

/** A day number as 'YYYY-MM-DD'. */
export function isoDateOf(dayNumber: number): string {
  const { year, month, day } = fieldsOf(dayNumber);
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** The NZ calendar date of an instant, as a day number. */
export function nzDayNumber(epochMs: number): number {
  const { year, month, day } = nzDateTime(epochMs);
  return Math.round(Date.UTC(year, month - 1, day) / DAY_MS);
}

/** The New Zealand calendar date of an instant, 'YYYYMMDD' (the form of pastProgressDetails' keys). */
export function nzDayKey(epochMs: number): string {
  return dayKeyOf(nzDayNumber(epochMs));
}

/**
 * Today, for every tracking figure: the New Zealand calendar date of `now` ('YYYYMMDD'), whatever
 * the device's time zone. Spend figures are end-of-day totals that arrive overnight ("as at end of
 * last trading day"), so today's spend is never in them yet: today is a day still to come, and the
 * figures cover the days before it. docs/product-rules.md, "One clock: what today is".
 */
export function trackingToday(now: number): string {
  return nzDayKey(now);
}

/** NZ time's offset from UTC at an instant, in minutes (720 in standard time, 780 in daylight time). */
export function nzOffsetMinutes(epochMs: number): number {
  const year = new Date(epochMs).getUTCFullYear();
  const daylightEnds = saturdayChange(year, 3, 'first');
  const daylightStarts = saturdayChange(year, 8, 'last');
  return epochMs < daylightEnds || epochMs >= daylightStarts ? DAYLIGHT_MINUTES : STANDARD_MINUTES;
}

/**
 * The instant a NZ wall-clock time on a day happens. NZ's clocks change at 2 am and 3 am, so any
 * time before 2 am or after 3 am exists exactly once; in the skipped or repeated hour the earlier
 * offset's reading wins.
 */
export function nzInstant(dayNumber: number, hour = 0, minute = 0): number {
  const wallClock = dayNumber * DAY_MS + (hour * 60 + minute) * 60_000;
  const guess = wallClock - nzOffsetMinutes(wallClock - 12 * 60 * 60_000) * 60_000;
  return wallClock - nzOffsetMinutes(guess) * 60_000;
}

/** A 'YYYYMMDD' day as an instant on that date in New Zealand (noon). */
export function dayKeyToNzInstant(key: string): number {
  return nzInstant(dayNumberOf(key), 12);
}

/** A 'YYYYMMDD' day as the device's local noon, for formatting that date in any time zone. */
export function dayKeyToLocalNoon(key: string): number {
  const { year, month, day } = fieldsOf(dayNumberOf(key));
  return new Date(year, month - 1, day, 12).getTime();
}

/** A 'YYYYMMDD' day as the device's local midnight: the chart's x-axis point for that date. */
export function dayKeyToLocalMidnight(key: string): number {
  const { year, month, day } = fieldsOf(dayNumberOf(key));
  return new Date(year, month - 1, day).getTime();
}

/** Whether a day number is a trading day: Monday to Friday and not an NZ public holiday. */
export function isTradingDay(dayNumber: number): boolean {
  const weekday = new Date(dayNumber * DAY_MS).getUTCDay();
  if (weekday === 0 || weekday === 6) return false;
  return !HOLIDAYS.has(isoDateOf(dayNumber));
}

/** Whether a calendar date ('YYYY-MM-DD') is a trading day: Monday to Friday and not an NZ public holiday. */
export function isNzTradingDate(isoDate: string): boolean {
  return isTradingDay(dayNumberOf(isoDate));
}

/** Trading days among the day numbers in (fromDay, toDay]. */
export function countTradingDays(fromDay: number, toDay: number): number {
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
