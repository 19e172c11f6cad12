/**
 * Which of several Lighthouse runs to report: the one nearest the median first contentful paint
 * and the median time to interactive (the earliest and latest moments of a load), ties to the
 * quicker one. It is Lighthouse's own rule (lighthouse/core/lib/median-run.js), kept here on plain
 * numbers: a median of the scores alone would pick a run's outlier metric.
 */
export interface RunTimes {
  fcpMs: number;
  interactiveMs: number;
}

/** The median of some numbers: the middle one, or the mean of the middle two. */
export function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** The index of the median run; throws on no runs or a run without its times. */
export function medianRunIndex(runs: readonly RunTimes[]): number {
  if (runs.length === 0) throw new Error('No Lighthouse runs to choose from.');
  if (runs.some((run) => !Number.isFinite(run.fcpMs) || !Number.isFinite(run.interactiveMs))) {
    throw new Error('A Lighthouse run has no FCP or time to interactive.');
  }
  const fcp = median(runs.map((run) => run.fcpMs));
  const interactive = median(runs.map((run) => run.interactiveMs));
  const distance = (run: RunTimes) => (fcp - run.fcpMs) ** 2 + (interactive - run.interactiveMs) ** 2;
  let best = 0;
  runs.forEach((run, index) => {
    const current = runs[best]!;
    if (
      distance(run) < distance(current) ||
      (distance(run) === distance(current) && run.interactiveMs < current.interactiveMs)
    ) {
      best = index;
    }
  });
  return best;
}

/**
 * A run whose first frame came this long after navigation or later presented late: its page was
 * loaded and its main thread idle well before (docs/decisions/007-performance-figures.md, "Late
 * first frames").
 */
const LATE_FIRST_FRAME_MS = 1000;

/** The runs' figures that tell a late first frame and what it hid. */
export interface FirstFrameRun {
  observedFcpMs: number;
  tbtMs: number;
  mainCpuMs?: number | undefined;
  ownBlockingMs?: number | undefined;
}

/** The runs whose first frame came on time (LATE_FIRST_FRAME_MS), in their order. */
export function onTimeRuns<Run extends FirstFrameRun>(runs: readonly Run[]): Run[] {
  return runs.filter((run) => run.observedFcpMs < LATE_FIRST_FRAME_MS);
}

/**
 * The medians of the runs whose first frame was on time (TBT, and where every such run has them,
 * the main thread's CPU after FCP and the blocking time of the page's own work), and how many
 * those are. A late first frame moves the start-up's tasks before FCP, where none of these counts
 * them, so such a run reads low for a reason that is not the page's. Undefined when every run was
 * late.
 */
export function onTimeFigures(
  runs: readonly FirstFrameRun[],
):
  | { tbtMs: number; mainCpuMs: number | undefined; ownBlockingMs: number | undefined; runs: number }
  | undefined {
  const onTime = onTimeRuns(runs);
  if (onTime.length === 0) return undefined;
  const medianOfAll = (figure: 'mainCpuMs' | 'ownBlockingMs') => {
    const values = onTime.flatMap((run) => (run[figure] === undefined ? [] : [run[figure]]));
    return values.length === onTime.length ? Math.round(median(values)) : undefined;
  };
  return {
    tbtMs: Math.round(median(onTime.map((run) => run.tbtMs))),
    mainCpuMs: medianOfAll('mainCpuMs'),
    ownBlockingMs: medianOfAll('ownBlockingMs'),
    runs: onTime.length,
  };
}
