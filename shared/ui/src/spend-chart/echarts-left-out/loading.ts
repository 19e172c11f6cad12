import { leftOut } from './left-out';

// Stands in for echarts/lib/loading/default.js: the chart never calls showLoading (its box keeps
// its place until it is drawn, lazy-spend-chart.tsx).
export default function defaultLoading(): never {
  return leftOut('loading animation');
}
