/**
 * The page's main-thread CPU from its first contentful paint to the end of a Lighthouse run's
 * trace: the thread time (`tdur`) of each task on the thread that painted, as observed, before
 * Lighthouse's 4x simulation. On a machine with few cores a task's wall time is mostly waiting
 * for one, so TBT spreads widely between runs while this stays within about a tenth
 * (docs/decisions/007-performance-figures.md, "Late first frames").
 */
export interface TraceEvent {
  name?: string;
  ph?: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
}

/** Milliseconds, or undefined for a trace with no first contentful paint or no thread times. */
export function mainThreadCpuAfterFcpMs(events: readonly TraceEvent[]): number | undefined {
  const [fcp] = events
    .filter((event) => event.name === 'firstContentfulPaint')
    .toSorted((a, b) => a.ts - b.ts);
  if (!fcp) return undefined;
  const tasks = events
    .filter(
      (event) =>
        event.name === 'RunTask' &&
        event.ph === 'X' &&
        event.pid === fcp.pid &&
        event.tid === fcp.tid &&
        event.ts >= fcp.ts &&
        event.dur !== undefined,
    )
    .toSorted((a, b) => a.ts - b.ts);
  if (tasks.length > 0 && tasks.every((task) => task.tdur === undefined)) return undefined;
  let cpu = 0;
  let busyUntil = Number.NEGATIVE_INFINITY;
  for (const task of tasks) {
    // A task run inside another (a nested loop) is part of the outer one's time.
    if (task.ts < busyUntil) continue;
    cpu += task.tdur ?? 0;
    busyUntil = task.ts + task.dur!;
  }
  return Math.round(cpu / 1000);
}
