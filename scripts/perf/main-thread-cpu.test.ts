import { describe, expect, it } from 'vitest';
import { mainThreadCpuAfterFcpMs, ownBlockingAfterFcpMs, type TraceEvent } from './main-thread-cpu';

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

describe("the blocking time of the page's own work after first contentful paint", () => {
  const fcp: TraceEvent = { name: 'firstContentfulPaint', ph: 'I', ...PAGE, ts: 1_000 };
  const layout = (ts: number): TraceEvent => ({ name: 'Layout', ph: 'X', ...PAGE, ts, dur: 1_000 });

  it("slows each task's thread time down 4x, a task that lays the page out 2x, and counts what passes 50 ms", () => {
    expect(
      ownBlockingAfterFcpMs([
        fcp,
        // 60 ms of wall time, 20 of thread time: 80 ms at 4x, 30 over.
        task(2_000, 60_000, 20_000),
        // A wall time of 40 ms over the threshold at 4x, but 10 ms of thread time: none.
        task(70_000, 40_000, 10_000),
        // 30 ms of thread time with a layout in it: 60 ms at 2x, 10 over.
        task(120_000, 35_000, 30_000),
        layout(130_000),
        // Before FCP, and on another thread: not the page's work after its first paint.
        task(0, 900, 800),
        task(200_000, 90_000, 90_000, { pid: 7, tid: 2 }),
        layout(210_000),
      ]),
    ).toBe(40);
  });

  it('counts a nested task as part of the one it runs in, and reads nothing without thread times', () => {
    expect(ownBlockingAfterFcpMs([fcp, task(2_000, 30_000, 15_000), task(3_000, 20_000, 14_000)])).toBe(10);
    expect(ownBlockingAfterFcpMs([fcp, task(2_000, 90_000, undefined)])).toBeUndefined();
    expect(ownBlockingAfterFcpMs([task(2_000, 90_000, 80_000)])).toBeUndefined();
  });
});
