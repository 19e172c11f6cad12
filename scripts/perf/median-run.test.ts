import { describe, expect, it } from 'vitest';
import { medianRunIndex } from './median-run';

describe('the median Lighthouse run', () => {
  it('is the run nearest the median FCP and time to interactive, not an outlier', () => {
    expect(
      medianRunIndex([
        { fcpMs: 2100, interactiveMs: 3000 },
        { fcpMs: 1500, interactiveMs: 2200 },
        { fcpMs: 2000, interactiveMs: 2900 },
      ]),
    ).toBe(2);
  });

  it('takes the quicker of two equally near runs, and the only run of one', () => {
    expect(
      medianRunIndex([
        { fcpMs: 2000, interactiveMs: 3000 },
        { fcpMs: 2000, interactiveMs: 2800 },
      ]),
    ).toBe(1);
    expect(medianRunIndex([{ fcpMs: 1, interactiveMs: 2 }])).toBe(0);
  });

  it('refuses no runs, or a run without its times', () => {
    expect(() => medianRunIndex([])).toThrow('No Lighthouse runs');
    expect(() => medianRunIndex([{ fcpMs: Number.NaN, interactiveMs: 1 }])).toThrow('no FCP');
  });
});
