// Stands in for echarts/lib/theme/dark.js: the chart is drawn in the default theme only.
export default {};
