import { formatClockTime, formatLongDate } from '@promo/domain/format/clock-format';

/** The build date label, e.g. '12 May 2026, 10:32 AM' (local time). */
export function formatBuildDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${formatLongDate(date)}, ${formatClockTime(date)}`;
}
