import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  formatCount,
  formatCurrency,
  formatDate,
  formatDateRange,
  formatDayMonth,
  formatPerTradingDay,
} from './format';

// Local noon, so the date is the same in every time zone the tests may run in.
const noon = (year: number, month: number, day: number) => new Date(year, month - 1, day, 12).getTime();

describe('formatCurrency', () => {
  it("shows '$' with thousands separators and 2 decimals", () => {
    expect(formatCurrency(27348.02)).toBe('$27,348.02');
    expect(formatCurrency(1234567.5)).toBe('$1,234,567.50');
    expect(formatCurrency(0)).toBe('$0.00');
  });

  it('shows target amounts with 0 decimals', () => {
    expect(formatCurrency(25800, { decimals: 0 })).toBe('$25,800');
    expect(formatCurrency(1239.6, { decimals: 0 })).toBe('$1,240');
  });

  it('puts the sign before the dollar sign, and a plus only when asked', () => {
    expect(formatCurrency(-50)).toBe('-$50.00');
    expect(formatCurrency(50, { signed: true })).toBe('+$50.00');
    expect(formatCurrency(0, { signed: true })).toBe('$0.00');
  });
});

describe('the figures written by rule', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.resetModules();
  });

  // Halves at each precision (rounded on the number's exact value), runs of nines that carry into
  // a new group, and figures from cents to hundreds of millions.
  const edges = [0, 0.005, 0.015, 0.125, 0.0005, 1, 1.005, 9.995, 12.5, 999.5, 999.995, 999.999, 1000];
  const more = [27348.02, 99999.995, 999999.5, 1234567.5, 98765432.1, 123456789.125];
  const grid = Array.from({ length: 4000 }, (_, i) => ((i * 7919.37) % 2_000_000) / 7 + i / 1000);
  // Exact halves at 0, 2 and 3 places, as their shortest decimal forms read (2.5, 0.015, 0.0125).
  const halves = Array.from({ length: 3000 }, (_, i) => [i / 2, i / 200, i / 2000 + 1000]).flat();
  const figures = [...edges, ...more, ...grid, ...halves];

  it('give the text toLocaleString gives for en-NZ, for every option set', () => {
    for (const value of figures) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-NZ'));
      expect(formatCurrency(value, { decimals: 0 })).toBe(
        `$${value.toLocaleString('en-NZ', { minimumFractionDigits: 0, maximumFractionDigits: 0 })}`,
      );
      expect(formatCurrency(value)).toBe(
        `$${value.toLocaleString('en-NZ', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`,
      );
      expect(formatCurrency(-value, { signed: true })).toBe(
        value === 0 ? '$0.00' : `-${formatCurrency(value)}`,
      );
    }
  });

  it('build no Intl formatter, whose locale data is a long task on a phone', async () => {
    const built = vi.spyOn(Intl, 'NumberFormat');
    vi.resetModules();
    const fresh = await import('./format');
    for (const value of figures.slice(0, 50)) {
      fresh.formatCount(value);
      fresh.formatCurrency(value);
      fresh.formatCurrency(value, { decimals: 0 });
      fresh.formatPerTradingDay(value);
    }
    expect(built).not.toHaveBeenCalled();
  });
});

describe('formatPerTradingDay', () => {
  it('shows whole dollars, rounded up', () => {
    expect(formatPerTradingDay(951.98 / 15)).toBe('$64');
    expect(formatPerTradingDay(1320)).toBe('$1,320');
    expect(formatPerTradingDay(0.01)).toBe('$1');
  });

  it('does not add a dollar for float noise below a cent', () => {
    expect(formatPerTradingDay(300.00000000001)).toBe('$300');
    expect(formatPerTradingDay(0.1 * 3 * 1000)).toBe('$300');
  });
});

describe('formatDate', () => {
  it("is 'D MMMM YYYY'", () => {
    expect(formatDate(noon(2023, 11, 6))).toBe('6 November 2023');
    expect(formatDate(noon(2025, 12, 12))).toBe('12 December 2025');
  });
});

describe('formatDayMonth', () => {
  it("is 'D MMMM'", () => {
    expect(formatDayMonth(noon(2023, 12, 8))).toBe('8 December');
    expect(formatDayMonth(noon(2024, 1, 1))).toBe('1 January');
  });
});

describe('formatDateRange', () => {
  it('joins the start and end dates with a dash', () => {
    expect(formatDateRange(noon(2023, 11, 6), noon(2023, 12, 8))).toBe('6 November 2023 - 8 December 2023');
  });
});
