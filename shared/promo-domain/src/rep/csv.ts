import { isoDateOf, nzDayNumber } from '@promo/domain/calendar/nz-calendar';

/**
 * CSV for the rep's "Export CSV" (RFC 4180): fields separated by commas, records by CRLF; a field
 * holding a comma, a double quote, CR or LF is wrapped in double quotes with its quotes doubled.
 */

export type CsvValue = string | number | boolean | null | undefined;

/**
 * Spreadsheets run a cell that starts with = + - or @ (and tab or CR, which they skip) as a formula:
 * a customer named "=HYPERLINK(…)" must arrive as text. Such text gets a leading apostrophe, the
 * usual neutraliser (OWASP "CSV Injection"). Numbers are written as numbers, so -12.5 stays a number.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRecord(values: readonly CsvValue[]): string {
  return values.map(csvField).join(',');
}

/** A whole file: a header record, then one record per row, each ended by CRLF. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return [header, ...rows].map((record) => `${csvRecord(record)}\r\n`).join('');
}

/** A figure rounded to `decimals` places, kept a number so that a spreadsheet can sort and sum it. */
export function csvNumber(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * An export's file name from what it holds, e.g. ['customers', 'PROMO-TierUp-Hampers', 'behind']
 * on 24 November 2026 gives 'customers-promo-tierup-hampers-behind-2026-11-24.csv'. The date is the
 * New Zealand one, the date of every figure in the file (a morning export is not yesterday's in UTC).
 */
export function csvFileName(parts: readonly string[], epochMs: number): string {
  const slugs = parts.map((part) => part.toLowerCase().replace(/[^a-z0-9]+/g, '-'));
  return `${[...slugs, isoDateOf(nzDayNumber(epochMs))].join('-')}.csv`;
}

/**
 * A byte order mark first, so that Excel reads the file as UTF-8 (macrons in names such as
 * "Whangārei" would otherwise arrive garbled); other readers skip it.
 */
export const CSV_BOM = '\uFEFF';
