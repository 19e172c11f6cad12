// The spend chart, drawn on the customer's tracking view and on the rep's view of a customer. Only
// the box, its text alternative and the amounts load with a page that imports this; ECharts loads
// from LazySpendChart once the chart is on screen.
export { LazySpendChart } from './lazy-spend-chart';
export type { SpendChartProps } from './spend-chart';
export { SpendAmounts, spendChartDescription, type SpendFigures } from './spend-amounts';
