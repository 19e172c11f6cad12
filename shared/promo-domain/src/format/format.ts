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
 * `value` (0 or more) to `places` decimals, rounded half up on its shortest decimal form (what
 * `String(value)` prints: 0.015, not the binary 0.01499…), which is the value Intl.NumberFormat
 * rounds; `toFixed` rounds the binary value and would print 0.01.
 */
function roundedDecimal(value: number, places: number): string {
  // Below 1e-6 String() writes an exponent; such a figure rounds to 0 at 3 places or fewer.
  const text = value < 1e-6 ? '0' : String(value);
  // From 1e21 String() writes an exponent too: no figure of this product is that large.
  if (text.includes('e')) return value.toFixed(places);
  const [whole = '0', fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, places).padEnd(places, '0');
  if ((fraction[places] ?? '0') >= '5') digits = (BigInt(digits) + 1n).toString().padStart(places + 1, '0');
  return places === 0 ? digits : `${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

/**
 * A figure's digits as en-NZ writes them: a comma between thousands, a point before `decimals`
 * places (none given: up to 3, trailing zeros dropped, as `toLocaleString` does). Written as a rule,
 * not with Intl.NumberFormat: building the first Intl formatter on a page loads the locale data, a
 * task of about 200 ms at a phone's 4x slower CPU, in the first render of every screen that shows
 * money (the tracking view's largest long task; docs/performance.md). The tests compare the rule
 * with `toLocaleString` over thousands of figures.
 */
function groupedDigits(value: number, decimals?: 0 | 2): string {
  const rounded = roundedDecimal(Math.abs(value), decimals ?? 3);
  const fixed = decimals === undefined && rounded.includes('.') ? rounded.replace(/\.?0+$/, '') : rounded;
  const [whole = '', fraction] = fixed.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, ',');
  const sign = value < 0 ? '-' : '';
  return `${sign}${grouped}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** A count with thousands separators, e.g. '2,145'. */
export const formatCount = (value: number) => groupedDigits(value);

/** A count and its noun, singular for exactly one: '1 branch', '2,145 customers'. */
export const formatQuantity = (value: number, one: string, many: string) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;

/** '$' with thousands separators and 2 decimals (0 for target amounts), optional sign prefix. */
export function formatCurrency(amount: number, options: { decimals?: 0 | 2; signed?: boolean } = {}): string {
  const decimals = options.decimals ?? 2;
  const sign = amount < 0 ? '-' : options.signed && amount > 0 ? '+' : '';
  const digits = groupedDigits(Math.abs(amount), decimals);
  return `${sign}$${digits}`;
}
