import { describe, expect, it } from 'vitest';
import { formatClockTime, formatLongDate } from './clock-format';

describe('formatClockTime', () => {
  it.each([
    [0, 5, '12:05 AM'],
    [9, 5, '9:05 AM'],
    [11, 59, '11:59 AM'],
    [12, 0, '12:00 PM'],
    [13, 30, '1:30 PM'],
    [23, 9, '11:09 PM'],
  ])('shows %i:%i as %s', (hours, minutes, expected) => {
    expect(formatClockTime(new Date(2026, 0, 1, hours, minutes))).toBe(expected);
  });
});

describe('formatLongDate', () => {
  it('shows the day without padding, the month in full and the year', () => {
    expect(formatLongDate(new Date(2030, 0, 1))).toBe('1 January 2030');
    expect(formatLongDate(new Date(2026, 11, 31))).toBe('31 December 2026');
  });
});
