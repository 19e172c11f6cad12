/**
 * What a run's Total Blocking Time is made of, by script. Each of Lighthouse's long tasks (its
 * simulated ones, at 4x CPU) is cut to the part of it between the first contentful paint and time
 * to interactive, and blocks for whatever of that part runs past 50 ms, as Lighthouse sums TBT; here
 * the sum is kept per script the task is blamed on. A task no script is blamed for (layout, style, the browser's own work) counts under
 * `(unattributed)`. The sum comes near the run's TBT without always matching it (over 285 runs of
 * this project's routes: half within 3 ms, nine in ten within 23 ms): Lighthouse's TBT blends two
 * simulations, and its long-tasks audit lists one.
 *
 * Why: a route's TBT varies by a hundred milliseconds from run to run on a shared machine, and
 * which scripts its blocking comes from is steadier than the total (docs/performance.md).
 */

/** An item of Lighthouse's long-tasks audit: its simulated start and length, ms, and its script. */
export interface LongTask {
  url: string;
  startTime: number;
  duration: number;
}

/**
 * A task blocks for whatever of it (within the window) runs past this, as Lighthouse counts it
 * (and the Long Tasks API): the bench's every blocking figure uses it.
 */
export const BLOCKING_THRESHOLD_MS = 50;

/** Lighthouse's name for a task no script is blamed for, and ours. */
const UNATTRIBUTABLE = 'Unattributable';
export const UNATTRIBUTED = '(unattributed)';

/**
 * A script's URL as the bench prints it: its file name without the content hash, or the page's
 * path. A task can be blamed on a stylesheet too.
 */
export function scriptName(url: string): string {
  if (url === UNATTRIBUTABLE || url === '') return UNATTRIBUTED;
  const path = url.replace(/^https?:\/\/[^/]+/, '').split('?')[0]!;
  const file = path.slice(path.lastIndexOf('/') + 1);
  if (!/\.(js|css)$/.test(file)) return path;
  return file.replace(/\.[0-9a-f]{8,}(\.js|\.css)$/, '$1');
}

/** One run's blocking time, ms, per script (scriptName), between `fcpMs` and `interactiveMs`. */
export function blockingByScript(
  tasks: readonly LongTask[],
  fcpMs: number,
  interactiveMs: number,
): Record<string, number> {
  const sums: Record<string, number> = {};
  for (const task of tasks) {
    const from = Math.max(task.startTime, fcpMs);
    const to = Math.min(task.startTime + task.duration, interactiveMs);
    const blocking = to - from - BLOCKING_THRESHOLD_MS;
    if (blocking <= 0) continue;
    const name = scriptName(task.url);
    sums[name] = (sums[name] ?? 0) + blocking;
  }
  return sums;
}

/**
 * Several runs' blocking per script: the mean per run of each, rounded, largest first. The mean,
 * not the median: a script that blocks in two runs of five blocks, and the means add up to the
 * runs' mean TBT.
 */
export function meanBlockingByScript(runs: readonly Record<string, number>[]): [string, number][] {
  if (runs.length === 0) return [];
  const totals = new Map<string, number>();
  for (const run of runs) {
    for (const [name, ms] of Object.entries(run)) totals.set(name, (totals.get(name) ?? 0) + ms);
  }
  return [...totals]
    .map(([name, ms]): [string, number] => [name, Math.round(ms / runs.length)])
    .filter(([, ms]) => ms > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
}
