import { describe, expect, it } from 'vitest';
import { BRIEFCASE_REFRESH_AFTER_MS, isRefreshDue } from './briefcase-refresh.rules';

describe('isRefreshDue', () => {
  it('is due once older than a few hours, not before', () => {
    const asAt = new Date(2026, 10, 20, 7, 42).getTime();
    expect(isRefreshDue(asAt, asAt + BRIEFCASE_REFRESH_AFTER_MS)).toBe(false);
    expect(isRefreshDue(asAt, asAt + BRIEFCASE_REFRESH_AFTER_MS + 1)).toBe(true);
  });
});
