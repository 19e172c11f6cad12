import { describe, expect, it } from 'vitest';
import { medianRunIndex, onTimeTbt } from './median-run';

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

describe('the TBT of the runs whose first frame was on time', () => {
  it('leaves out the runs presented a second or more after navigation, whose start-up ran before FCP', () => {
    expect(
      onTimeTbt([
        { observedFcpMs: 2274, tbtMs: 6 },
        { observedFcpMs: 238, tbtMs: 121 },
        { observedFcpMs: 227, tbtMs: 86 },
        { observedFcpMs: 1000, tbtMs: 10 },
        { observedFcpMs: 202, tbtMs: 102 },
      ]),
    ).toEqual({ medianMs: 102, runs: 3 });
  });

  it('is the mean of the middle two of an even count, and nothing when every run was late', () => {
    expect(
      onTimeTbt([
        { observedFcpMs: 200, tbtMs: 40 },
        { observedFcpMs: 210, tbtMs: 61 },
      ]),
    ).toEqual({ medianMs: 51, runs: 2 });
    expect(onTimeTbt([{ observedFcpMs: 1232, tbtMs: 41 }])).toBeUndefined();
  });
});
