import { leftOut } from './left-out';

// Stands in for echarts/lib/util/decal.js (and with it zrender's canvas painter, which draws decal
// patterns): the chart sets no decal and registers no aria component, which sets them.
export function createOrUpdatePatternFromDecal(): never {
  return leftOut('decal patterns');
}
