import { nzDateTime, nzDayNumber, nzInstant } from '@promo/domain/calendar/nz-calendar';

/**
 * Quiet hours (docs/product-rules.md, "Notifications"): no push between 20:00 and 07:00 NZ time.
 * A push decided then is held and goes at 07:00 NZ, whatever the daylight-saving offset that day.
 */
export const QUIET_FROM_HOUR = 20;
export const QUIET_UNTIL_HOUR = 7;

/** The instant a push decided at `now` may go: `now` itself outside quiet hours, else the next 07:00 NZ. */
export function pushAllowedAt(now: number): number {
  const { hour } = nzDateTime(now);
  const today = nzDayNumber(now);
  if (hour >= QUIET_FROM_HOUR) return nzInstant(today + 1, QUIET_UNTIL_HOUR);
  if (hour < QUIET_UNTIL_HOUR) return nzInstant(today, QUIET_UNTIL_HOUR);
  return now;
}

/** Whether a push may go at `now`. */
export function isQuietHour(now: number): boolean {
  return pushAllowedAt(now) !== now;
}
