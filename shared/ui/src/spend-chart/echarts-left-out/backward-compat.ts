// Stands in for echarts/lib/preprocessor/backwardCompat.js, which renames options of earlier
// ECharts versions (itemStyle.normal, clipOverflow, x/y/x2/y2, ...): the chart's option uses none
// (backward-compat.test.ts). What it does for every option stays: series as an array.
export default function backwardCompat(option: { series?: unknown }): void {
  const series = option.series;
  option.series = series == null ? [] : Array.isArray(series) ? series : [series];
}
