import { lazy, Suspense } from 'react';
import type { SpendChartProps } from './spend-chart';
import styles from './tracking.module.css';

// ECharts is most of the tracking view's code: the rings, amounts and tiles show at once while it
// loads, and the chart's box keeps its size, so nothing below it moves when the chart arrives.
const SpendChart = lazy(() =>
  import(/* webpackChunkName: "spend-chart" */ './spend-chart').then((module) => ({
    default: module.SpendChart,
  })),
);

export function LazySpendChart(props: SpendChartProps) {
  return (
    <Suspense
      fallback={<div className={styles.chart} role="img" aria-label={props.description} aria-busy="true" />}
    >
      <SpendChart {...props} />
    </Suspense>
  );
}
