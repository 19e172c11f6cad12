/**
 * The shell's two date labels (build date, "as at") in local time, without a date library: the
 * shell's first screen does not download dayjs for them (the remotes' @promo/domain/format does
 * when a page shows dates). Same output as dayjs's 'h:mm A' and 'D MMMM YYYY'.
 */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/** e.g. '9:05 AM' */
export function formatClockTime(date: Date): string {
  const hours = date.getHours();
  const minutes = String(date.getMinutes()).padStart(2, '0');
  return `${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** e.g. '1 January 2030' */
export function formatLongDate(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}
