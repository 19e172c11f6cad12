// The part of ECharts every chart needs (zrender and the chart model), on its own so that it can be
// loaded and evaluated in a task before the line chart's modules (lazy-spend-chart.tsx).
export { dispose, getInstanceByDom, init, use } from 'echarts/core';
export type { ComposeOption } from 'echarts/core';
