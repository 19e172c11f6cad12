import { formatCurrency, formatDayMonth } from '@promo/domain/format/format';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { afterFirstScreen } from '../after-first-screen/after-first-screen';
import { weeklyFigures } from './weekly-figures';
import type { SpendChartProps } from './spend-chart';
import styles from './spend-chart.module.css';

// ECharts is most of the code of a view that draws this chart (about 180 KB gzip) and of its
// main-thread time (its first draw is a few hundred ms on a mid-range phone). The rest of the view
// (the customer's rings and pace advice, the rep's progress and divisions) renders without it. The
// chart's code is asked for once the first screen has painted (afterFirstScreen) and the chart's
// box is on screen: on a phone it sits below the first screen, so a reader who stops above it never
// pays for it. The box keeps its size meanwhile, so nothing below it moves when the chart arrives.
// Only this module's dynamic imports reach ECharts: a page that imports @promo/ui/spend-chart
// carries the box and the table, not the chart.
const SpendChart = lazy(async () => {
  // ECharts' core (zrender and the chart model) is evaluated in a task of its own, the line chart,
  // its components and the renderer in the next: in one go they are one long task.
  await import(/* webpackChunkName: "echarts-core" */ './echarts-core');
  await new Promise((resolve) => setTimeout(resolve, 0));
  const chart = await import(/* webpackChunkName: "spend-chart" */ './spend-chart');
  return { default: chart.SpendChart };
});

export function LazySpendChart(props: SpendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [start, setStart] = useState(false);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (start || !element) return;
    let live = true;
    let painted = false;
    let visible = typeof IntersectionObserver !== 'function';
    const startWhenReady = () => {
      if (live && painted && visible) setStart(true);
    };
    const observer = visible
      ? undefined
      : new IntersectionObserver((entries) => {
          if (!entries.some((entry) => entry.isIntersecting)) return;
          visible = true;
          observer?.disconnect();
          startWhenReady();
        });
    observer?.observe(element);
    void afterFirstScreen().then(() => {
      painted = true;
      startWhenReady();
    });
    return () => {
      live = false;
      observer?.disconnect();
    };
  }, [start]);
  // One box from first render to drawn chart: its size is reserved and it keeps the chart's name.
  return (
    <>
      <div ref={box} className={styles.chart} role="img" aria-label={props.description} aria-busy={!drawn}>
        {start ? (
          <Suspense fallback={null}>
            <SpendChart {...props} onDrawn={() => setDrawn(true)} />
          </Suspense>
        ) : null}
      </div>
      <SpendTable {...props} />
    </>
  );
}

/** The chart's text alternative: its figures a week at a time, for screen readers. */
function SpendTable({ days }: SpendChartProps) {
  const weeks = weeklyFigures(days);
  if (weeks.length === 0) return null;
  return (
    <table className="visually-hidden">
      <caption>Spend by week</caption>
      <thead>
        <tr>
          <th scope="col">Week to</th>
          <th scope="col">Actual</th>
          <th scope="col">Target</th>
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.week}>
            <th scope="row">{formatDayMonth(week.endsAt)}</th>
            <td>{week.actual === null ? 'to come' : formatCurrency(week.actual)}</td>
            <td>{formatCurrency(week.target)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
