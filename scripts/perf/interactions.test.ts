import { describe, expect, it } from 'vitest';
import { p75 } from './interactions';

describe('p75', () => {
  it('is the nearest-rank 75th percentile: the 8th of 10 repetitions in order', () => {
    expect(p75([48, 16, 0, 24, 16, 32, 16, 0, 24, 40])).toBe(32);
  });

  it('is the value itself for one repetition, and refuses none', () => {
    expect(p75([72])).toBe(72);
    expect(() => p75([])).toThrow('No values');
  });
});
