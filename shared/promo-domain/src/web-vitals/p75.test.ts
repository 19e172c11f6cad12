import { describe, expect, it } from 'vitest';
import { p75 } from './p75';

describe('p75', () => {
  it('is the nearest-rank 75th percentile', () => {
    expect(p75([4, 1, 3, 2])).toBe(3);
    expect(p75([10])).toBe(10);
    expect(p75(Array.from({ length: 100 }, (_, i) => i + 1))).toBe(75);
    expect(p75([48, 16, 0, 24, 16, 32, 16, 0, 24, 40])).toBe(32);
  });

  it('is undefined without samples', () => {
    expect(p75([])).toBeUndefined();
  });
});
