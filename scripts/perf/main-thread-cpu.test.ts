import { describe, expect, it } from 'vitest';
import { mainThreadCpuAfterFcpMs, type TraceEvent } from './main-thread-cpu';

const PAGE = { pid: 7, tid: 1 };
const task = (ts: number, dur: number, tdur: number | undefined, thread = PAGE): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts,
  dur,
  ...(tdur === undefined ? {} : { tdur }),
});

describe("the main thread's CPU after first contentful paint", () => {
  it("adds the thread time of the painting thread's tasks from FCP on, not their wall time", () => {
    expect(
      mainThreadCpuAfterFcpMs([
        task(500, 40_000, 30_000),
        { name: 'firstContentfulPaint', ph: 'I', ...PAGE, ts: 1_000 },
        task(2_000, 25_000, 6_000),
        task(40_000, 18_000, 4_400),
        task(41_000, 2_000, 1_000),
        task(60_000, 30_000, 20_000, { pid: 7, tid: 2 }),
        task(70_000, 30_000, 20_000, { pid: 9, tid: 1 }),
      ]),
    ).toBe(10);
  });

  it('takes the earliest paint, and reads nothing from a trace without one or without thread times', () => {
    expect(
      mainThreadCpuAfterFcpMs([
        { name: 'firstContentfulPaint', ph: 'I', ...PAGE, ts: 9_000 },
        task(5_000, 3_000, 2_600),
        { name: 'firstContentfulPaint', ph: 'I', ...PAGE, ts: 4_000 },
      ]),
    ).toBe(3);
    expect(mainThreadCpuAfterFcpMs([task(5_000, 3_000, 2_000)])).toBeUndefined();
    expect(
      mainThreadCpuAfterFcpMs([
        { name: 'firstContentfulPaint', ph: 'I', ...PAGE, ts: 0 },
        task(5_000, 3_000, undefined),
      ]),
    ).toBeUndefined();
  });
});
