/**
 * The page's main-thread CPU from its first contentful paint to the end of a Lighthouse run's
 * trace: the thread time (`tdur`) of each task on the thread that painted, as observed, before
 * Lighthouse's 4x simulation. On a machine with few cores a task's wall time is mostly waiting
 * for one, so TBT spreads widely between runs while this stays within about a tenth
 * (docs/decisions/007-performance-figures.md, "Late first frames").
 */
import { BLOCKING_THRESHOLD_MS } from './blocking-by-script';

export interface TraceEvent {
  name?: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Lighthouse's mobile CPU slowdown, and the one Lantern applies to a task that lays the page out. */
const CPU_SLOWDOWN = 4;
const LAYOUT_TASK_SLOWDOWN = CPU_SLOWDOWN / 2;

interface PageTask {
  /** Thread time, µs. */
  cpu: number;
  laysOut: boolean;
}

/**
 * The top-level tasks of the thread that painted first, from that paint on; undefined for a trace
 * with no first contentful paint or no thread times.
 */
function pageTasksAfterFcp(events: readonly TraceEvent[]): PageTask[] | undefined {
  const [fcp] = events
    .filter((event) => event.name === 'firstContentfulPaint')
    .toSorted((a, b) => a.ts - b.ts);
  if (!fcp) return undefined;
  const onPageThread = events.filter((event) => event.pid === fcp.pid && event.tid === fcp.tid);
  const tasks = onPageThread
    .filter(
      (event) =>
        event.name === 'RunTask' && event.ph === 'X' && event.ts >= fcp.ts && event.dur !== undefined,
    )
    .toSorted((a, b) => a.ts - b.ts);
  if (tasks.length > 0 && tasks.every((task) => task.tdur === undefined)) return undefined;
  const layouts = onPageThread.filter((event) => event.name === 'Layout').map((event) => event.ts);
  const pageTasks: PageTask[] = [];
  let busyUntil = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    // A task run inside another (a nested loop) is part of the outer one's time.
    if (task.ts < busyUntil) continue;
    busyUntil = task.ts + task.dur!;
    const end = busyUntil;
    pageTasks.push({ cpu: task.tdur ?? 0, laysOut: layouts.some((ts) => ts >= task.ts && ts <= end) });
  }
  return pageTasks;
}

/** Milliseconds, or undefined for a trace with no first contentful paint or no thread times. */
export function mainThreadCpuAfterFcpMs(events: readonly TraceEvent[]): number | undefined {
  const tasks = pageTasksAfterFcp(events);
  return tasks && Math.round(tasks.reduce((sum, task) => sum + task.cpu, 0) / 1000);
}

/**
 * The blocking time of the page's own work after FCP: each task's thread time slowed down as
 * Lighthouse's simulation slows its wall time (4x, or 2x for a task that lays the page out, as
 * Lantern does), less the 50 ms threshold, to the end of the trace (past time to interactive, so
 * it errs high). It is the TBT the page would have with a core to itself.
 * Lighthouse's own TBT multiplies the wall time, which on a machine with few cores includes the
 * wait for a core while the browser's other processes, V8's background compilation and the
 * servers run (docs/decisions/007-performance-figures.md, "Blocking from the page's own work").
 */
export function ownBlockingAfterFcpMs(events: readonly TraceEvent[]): number | undefined {
  const tasks = pageTasksAfterFcp(events);
  if (!tasks) return undefined;
  const blocking = tasks.reduce((sum, task) => {
    const slowed = ((task.laysOut ? LAYOUT_TASK_SLOWDOWN : CPU_SLOWDOWN) * task.cpu) / 1000;
    return sum + Math.max(0, slowed - BLOCKING_THRESHOLD_MS);
  }, 0);
  return Math.round(blocking);
}
