import { formatCurrency, formatDayMonth } from '@promo/domain/format/format';
import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { afterFirstScreen } from '../after-first-screen/after-first-screen';
import type { PictureNode } from './chart-picture';
import { drawChartPicture } from './chart-worker';
import { pictureElement } from './picture-element';
import { weeklyFigures } from './weekly-figures';
import type { SpendChartProps } from './spend-chart';
import styles from './spend-chart.module.css';

// ECharts is most of the code of a view that draws this chart (about 180 KB gzip) and of its
// main-thread time (its first draw is a few hundred ms on a mid-range phone). The chart is shown
// first as a picture: an SVG that ECharts renders in a worker (chart-worker.ts), put in place in
// one step, so its first draw costs the page's main thread no long task. The interactive
// chart (its tooltip) loads only when the reader reaches for it: a pointer over it, a tap or
// keyboard focus. Both are drawn from the same option (chart-option.ts) at the same size, so they
// look the same; the interactive chart takes the picture's place once drawn.
// The picture is asked for once the first screen has painted (afterFirstScreen) and the chart's box
// is on screen: on a phone it sits below the first screen, so a reader who stops above it never
// downloads the worker. The box keeps its size throughout, so nothing below it moves.
// Only this module's dynamic imports reach ECharts: a page that imports @promo/ui/spend-chart
// carries the box and the table, not the chart.
const SpendChart = lazy(async () => {
  // ECharts' core (zrender and the chart model) is evaluated in a task of its own, the line chart,
  // its components and the renderer in the next: in one go they are one long task.
  await import(/* webpackChunkName: "echarts-core" */ './echarts-core');
  await taskOfItsOwn();
  const chart = await import(/* webpackChunkName: "spend-chart" */ './spend-chart');
  return { default: chart.SpendChart };
});

/** The chart's height, CSS pixels: the box's reserved height (spend-chart.module.css). */
const CHART_HEIGHT = 260;

/**
 * The box's width in whole CSS pixels once the first screen has painted and the box is on screen
 * (or the page cannot tell), followed as it changes; 0 until then.
 */
function useWidthOnScreen(box: RefObject<HTMLDivElement | null>): number {
  const [initial, setInitial] = useState(0);
  const [resized, setResized] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (initial > 0 || !element) return;
    let live = true;
    let painted = false;
    let visible = typeof IntersectionObserver !== 'function';
    const startWhenReady = () => {
      if (live && painted && visible) setInitial(Math.round(element.clientWidth));
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
  }, [box, initial]);
  useEffect(() => {
    const element = box.current;
    if (initial === 0 || !element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => setResized(Math.round(element.clientWidth)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, initial]);
  return initial === 0 ? 0 : (resized ?? initial);
}

/**
 * How long the first picture may take before the interactive chart is drawn instead: a worker
 * that is slow to start (a busy phone, a slow network for its script) leaves no empty box.
 */
export const PICTURE_WAIT_MS = 5000;

/**
 * The chart's picture for these figures at this width, from the worker; the last picture stays
 * until the next arrives, so fresh figures replace it in place. `failed` where no worker can draw,
 * or where the first picture has not come within PICTURE_WAIT_MS.
 */
function useChartPicture({ days, projection, projectionLabel }: SpendChartProps, width: number) {
  const [picture, setPicture] = useState<PictureNode | null>(null);
  const [failed, setFailed] = useState(false);
  const waiting = width > 0 && picture === null && !failed;
  useEffect(() => {
    if (width === 0) return;
    let current = true;
    drawChartPicture({ days, projection, projectionLabel, width, height: CHART_HEIGHT }).then(
      (drawn) => {
        if (current) setPicture(drawn);
      },
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [days, projection, projectionLabel, width]);
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setFailed(true), PICTURE_WAIT_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return { picture, failed };
}

/** The picture in place: built with DOM methods (picture-element.ts), replaced whole when it changes. */
function ChartPicture({ picture }: { picture: PictureNode }) {
  const holder = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const svg = pictureElement(picture);
    if (svg) holder.current?.replaceChildren(svg);
  }, [picture]);
  return <div ref={holder} className={styles.picture} data-chart-picture />;
}

export function LazySpendChart(props: SpendChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const width = useWidthOnScreen(box);
  const { picture, failed } = useChartPicture(props, width);
  const [reached, setReached] = useState(false);
  const [live, setLive] = useState(false);
  const reach = () => setReached(true);
  // Where no worker can draw the picture (or it is late), the interactive chart is drawn instead.
  const interactive = reached || failed;
  // One box from first render to drawn chart: its size is reserved and it keeps the chart's name.
  // Focusable, so a keyboard reader can reach for the interactive chart as a pointer does.
  return (
    <>
      <div
        ref={box}
        className={styles.chart}
        role="img"
        aria-label={props.description}
        aria-busy={picture === null && !live}
        tabIndex={0}
        onPointerEnter={reach}
        onPointerDown={reach}
        onFocus={reach}
      >
        {picture !== null && !live ? <ChartPicture picture={picture} /> : null}
        {interactive ? (
          <Suspense fallback={null}>
            <SpendChart {...props} onDrawn={() => setLive(true)} />
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
