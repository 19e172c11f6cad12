import { describe, expect, it } from 'vitest';
import { medianRunIndex, onTimeFigures, onTimeRuns } from './median-run';

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

describe('the figures of the runs whose first frame was on time', () => {
  it('leaves out the runs presented a second or more after navigation, whose start-up ran before FCP', () => {
    expect(
      onTimeFigures([
        { observedFcpMs: 2274, tbtMs: 6, mainCpuMs: 85, ownBlockingMs: 0 },
        { observedFcpMs: 238, tbtMs: 121, mainCpuMs: 294, ownBlockingMs: 12 },
        { observedFcpMs: 227, tbtMs: 86, mainCpuMs: 324, ownBlockingMs: 3 },
        { observedFcpMs: 1000, tbtMs: 10, mainCpuMs: 116, ownBlockingMs: 0 },
        { observedFcpMs: 202, tbtMs: 102, mainCpuMs: 289, ownBlockingMs: 30 },
      ]),
    ).toEqual({ tbtMs: 102, mainCpuMs: 294, ownBlockingMs: 12, runs: 3 });
  });

  it('is the mean of the middle two of an even count, and nothing when every run was late', () => {
    expect(
      onTimeFigures([
        { observedFcpMs: 200, tbtMs: 40 },
        { observedFcpMs: 210, tbtMs: 61 },
      ]),
    ).toEqual({ tbtMs: 51, mainCpuMs: undefined, ownBlockingMs: undefined, runs: 2 });
    expect(onTimeFigures([{ observedFcpMs: 1232, tbtMs: 41 }])).toBeUndefined();
  });

  it('gives no CPU or own-work figure unless every on-time run has one', () => {
    const figures = onTimeFigures([
      { observedFcpMs: 200, tbtMs: 40, mainCpuMs: 250, ownBlockingMs: undefined },
      { observedFcpMs: 210, tbtMs: 61, mainCpuMs: undefined, ownBlockingMs: 4 },
      { observedFcpMs: 1400, tbtMs: 0, mainCpuMs: 90, ownBlockingMs: 0 },
    ]);
    expect(figures?.mainCpuMs).toBeUndefined();
    expect(figures?.ownBlockingMs).toBeUndefined();
  });
});

describe('onTimeRuns', () => {
  it('keeps the runs whose first frame came within a second, in their order', () => {
    const runs = [
      { observedFcpMs: 230, tbtMs: 120, name: 'first' },
      { observedFcpMs: 1240, tbtMs: 10, name: 'late' },
      { observedFcpMs: 999, tbtMs: 90, name: 'last' },
    ];
    expect(onTimeRuns(runs).map((run) => run.name)).toEqual(['first', 'last']);
    expect(onTimeRuns([{ observedFcpMs: 1000, tbtMs: 0 }])).toEqual([]);
  });
});
