import { formatCurrency, formatDayMonth } from '@promo/domain/format/format';
import type { SpendProjection } from '@promo/domain/pace/projection.rules';
import type { SpendDay } from '@promo/domain/promotion/tracking.rules';
import type { LineSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption } from 'echarts/core';
import { CHART_COLOURS } from './chart-colours';

// What the chart draws, from figures alone: the worker that renders its picture (spend-chart.worker.ts)
// and the interactive chart (spend-chart.tsx) build the same option, so both look the same.

type ChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption>;

/** What the chart is drawn from: plain data, so it can be posted to the worker as it is. */
export interface ChartFigures {
  days: SpendDay[];
  projection?: SpendProjection;
  /**
   * The projection's name in the tooltip and beside the chart, in the reader's words: 'At your
   * pace' for the customer, 'At this pace' for their rep.
   */
  projectionLabel: string;
}

export function chartOption({ days, projection, projectionLabel }: ChartFigures): ChartOption {
  // The target line is solid up to today and dashed after; the dashed part starts on the last solid
  // point so the two join.
  const lastPast = days.findLastIndex((day) => !day.future);
  const valueFormatter = (value: unknown) => (typeof value === 'number' ? formatCurrency(value) : '');
  // No hover emphasis: a line keeps its colour under the pointer, as in the picture and in the key
  // beside the chart (spend-amounts.tsx); the tooltip is what the pointer brings.
  const series = { type: 'line', showSymbol: false, emphasis: { disabled: true } } as const;
  return {
    animation: false,
    grid: { left: 8, right: 40, top: 16, bottom: 8, containLabel: true },
    tooltip: {
      trigger: 'axis',
      // Plain lines: the default markup carries inline style attributes, which the shell's
      // Content-Security-Policy (style-src without 'unsafe-inline') would block.
      formatter: (params: unknown) => {
        const points = (Array.isArray(params) ? params : [params]) as {
          dataIndex: number;
          seriesName?: string;
          value?: unknown;
        }[];
        const day = days[points[0]?.dataIndex ?? -1];
        const lines = points
          .filter((point) => typeof point.value === 'number' && point.seriesName !== 'Target to come')
          .map((point) => `${point.seriesName ?? ''}: ${valueFormatter(point.value)}`);
        const target = day?.future ? [`Target: ${formatCurrency(day.target)}`] : [];
        return [day ? formatDayMonth(day.epochMs) : '', ...lines, ...target].join('<br/>');
      },
    },
    xAxis: {
      type: 'category',
      boundaryGap: false,
      data: days.map((day) => formatDayMonth(day.epochMs)),
      axisLabel: { hideOverlap: true, color: '#56606b' },
    },
    yAxis: {
      type: 'value',
      axisLabel: {
        color: '#56606b',
        formatter: (value: number) => (value >= 1000 ? `$${Math.round(value / 1000)}k` : `$${value}`),
      },
    },
    series: [
      {
        ...series,
        name: 'Actual',
        connectNulls: false,
        lineStyle: { width: 3, color: CHART_COLOURS.actual },
        itemStyle: { color: CHART_COLOURS.actual },
        data: days.map((day) => day.actual),
      },
      {
        ...series,
        name: 'Target',
        lineStyle: { width: 2, color: CHART_COLOURS.target },
        itemStyle: { color: CHART_COLOURS.target },
        data: days.map((day, index) => (index <= lastPast ? day.target : null)),
      },
      {
        ...series,
        name: 'Target to come',
        lineStyle: { width: 2, type: 'dashed', color: CHART_COLOURS.target },
        itemStyle: { color: CHART_COLOURS.target },
        tooltip: { show: false },
        data: days.map((day, index) => (index >= Math.max(lastPast, 0) ? day.target : null)),
      },
      ...(projection ? [projectionSeries(projection, projectionLabel)] : []),
    ],
  };
}

/**
 * Where the customer is heading: their spend carried on at their pace so far, dotted, with a
 * diamond on the day it reaches each target it will reach (the customer's pace advice says the
 * same in words). `label` names it in the tooltip, as the amounts beside the chart do.
 */
function projectionSeries(projection: SpendProjection, label: string): LineSeriesOption {
  const crossings = new Map(
    projection.targets.flatMap((target) =>
      target.status === 'crosses' ? [[target.dayIndex, target.targetNumber] as const] : [],
    ),
  );
  return {
    name: label,
    type: 'line',
    showSymbol: true,
    emphasis: { disabled: true },
    symbol: 'none',
    lineStyle: { width: 2, type: 'dotted', color: CHART_COLOURS.projection },
    itemStyle: { color: CHART_COLOURS.projection },
    data: projection.days.map((day, index) =>
      crossings.has(index)
        ? { value: day.projected, symbol: 'diamond', symbolSize: 12, name: `Target ${crossings.get(index)}` }
        : day.projected,
    ),
  };
}
