/**
 * Local-time labels without a date library, same output as dayjs's 'h:mm A' and 'D MMMM YYYY':
 * the shell's build-date and "as at" labels (so its first screen downloads no dayjs; the remotes'
 * @promo/domain/format/format uses dayjs where a page shows dates) and the reference server's seed texts.
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
