import { describe, expect, it } from 'vitest';
import { formatBuildDate } from './build-date.rules';

describe('formatBuildDate', () => {
  it('shows the day, month, year and time', () => {
    expect(formatBuildDate('2030-01-01T09:05:00')).toBe('1 January 2030, 9:05 AM');
  });

  it('shows an unreadable date as it is', () => {
    expect(formatBuildDate('not a date')).toBe('not a date');
  });
});
