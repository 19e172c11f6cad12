import type { SpendDay } from '@promo/domain/promotion/tracking.rules';
import { describe, expect, it } from 'vitest';
// ECharts' own preprocessor, which the build leaves out of the chart (rsbuild.base.ts, echartsLeftOut).
// @ts-expect-error -- ECharts ships no type declarations beside its lib/ files
import echartsBackwardCompat from 'echarts/lib/preprocessor/backwardCompat.js';
import { chartOption } from '../chart-option';
import backwardCompat from './backward-compat';

const day = (date: number, actual: number | null, target: number): SpendDay => ({
  key: `202611${String(date).padStart(2, '0')}`,
  epochMs: Date.UTC(2026, 10, date),
  tradingDayNumber: date - 1,
  actual,
  target,
  future: actual === null,
});
const days = [day(2, 100, 150), day(3, 300, 300), day(4, null, 450)];

describe('the backward-compat stand-in', () => {
  it("does to the chart's option what ECharts' preprocessor does: nothing to rename", () => {
    const option = chartOption({ days, projectionLabel: 'At your pace' });
    const plain = JSON.parse(JSON.stringify(option)) as object;
    const byEcharts = structuredClone(plain);
    const byStandIn = structuredClone(plain);
    (echartsBackwardCompat as (option: object, isTheme: boolean) => void)(byEcharts, false);
    backwardCompat(byStandIn);
    expect(byStandIn).toEqual(byEcharts);
    expect(byEcharts).toEqual(plain);
  });

  it('makes the series an array, as ECharts does', () => {
    const single = { series: { type: 'line' } };
    backwardCompat(single);
    expect(single.series).toEqual([{ type: 'line' }]);
    const none: { series?: unknown } = {};
    backwardCompat(none);
    expect(none.series).toEqual([]);
  });
});
