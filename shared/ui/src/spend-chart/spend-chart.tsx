import { LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { dispose, getInstanceByDom, init, use as registerEcharts } from './echarts-core';
import { SVGRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { chartOption, type ChartFigures } from './chart-option';

// Only what this chart draws is registered, so the bundle carries no other chart types or components.
registerEcharts([LineChart, GridComponent, TooltipComponent, SVGRenderer]);

/**
 * What echarts-for-react calls on its `echarts` prop. Handing it these functions rather than the
 * echarts/core namespace lets the bundler leave out every echarts export the chart does not use,
 * and the series-label layout echarts/core registers by default (this chart draws no series labels;
 * axis labels' hideOverlap is the axis's own). Its ES build (esm/) lets tslib's unused helpers go.
 */
const echartsApi = { init, dispose, getInstanceByDom };

/** The spend line chart: actual against the straight-line target, future days dashed. */
export interface SpendChartProps extends ChartFigures {
  /** The chart's accessible name (spendChartDescription): what it shows, in words. */
  description: string;
}

/** Draws into the box LazySpendChart keeps (which carries the chart's name); `onDrawn` once drawn. */
export function SpendChart({
  days,
  projection,
  projectionLabel,
  onDrawn,
}: SpendChartProps & { onDrawn?: () => void }) {
  const option = useMemo(
    () => chartOption({ days, projection, projectionLabel }),
    [days, projection, projectionLabel],
  );
  return (
    <ReactEChartsCore
      echarts={echartsApi}
      option={option}
      opts={{ renderer: 'svg' }}
      // The option is applied now and drawn on the next frame: two shorter tasks instead of one.
      lazyUpdate
      onChartReady={onDrawn}
      style={{ height: 260 }}
    />
  );
}
