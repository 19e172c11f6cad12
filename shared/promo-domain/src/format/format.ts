import dayjs from 'dayjs';

/** 'D MMMM YYYY' (docs/product-rules.md, 'Formats and constants'). */
export const formatDate = (epochMs: number) => dayjs(epochMs).format('D MMMM YYYY');

/** 'D MMMM', e.g. '8 December'. */
export const formatDayMonth = (epochMs: number) => dayjs(epochMs).format('D MMMM');

/** A promotion's date range, e.g. '6 November 2023 - 8 December 2023'. */
export const formatDateRange = (startMs: number, endMs: number) =>
  `${formatDate(startMs)} - ${formatDate(endMs)}`;

/**
 * Spend needed per trading day, in whole dollars rounded up (a cent short each day would miss the
 * target), e.g. '$64': the one form every screen shows it in, so the customer and their rep read the
 * same figure. Rounded to cents first, so that float noise (300.00000000001) does not add a dollar.
 */
export const formatPerTradingDay = (amount: number) =>
  formatCurrency(Math.ceil(Math.round(amount * 100) / 100), { decimals: 0 });

/**
 * One Intl.NumberFormat per set of options, built on first use and kept: `toLocaleString` with
 * options builds a new formatter on every call, which a table of figures paid for in every cell
 * on a phone's main thread (docs/decisions/038-rep-screens-load.md). The text is the same:
 * `toLocaleString` formats with a NumberFormat of the same locale and options.
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(decimals?: 0 | 2): Intl.NumberFormat {
  const key = String(decimals);
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(
      'en-NZ',
      decimals === undefined ? {} : { minimumFractionDigits: decimals, maximumFractionDigits: decimals },
    );
    numberFormats.set(key, format);
  }
  return format;
}

/** A count with thousands separators, e.g. '2,145'. */
export const formatCount = (value: number) => numberFormat().format(value);

/** A count and its noun, singular for exactly one: '1 branch', '2,145 customers'. */
export const formatQuantity = (value: number, one: string, many: string) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;

/** '$' with thousands separators and 2 decimals (0 for target amounts), optional sign prefix. */
export function formatCurrency(amount: number, options: { decimals?: 0 | 2; signed?: boolean } = {}): string {
  const decimals = options.decimals ?? 2;
  const sign = amount < 0 ? '-' : options.signed && amount > 0 ? '+' : '';
  const digits = numberFormat(decimals).format(Math.abs(amount));
  return `${sign}$${digits}`;
}
