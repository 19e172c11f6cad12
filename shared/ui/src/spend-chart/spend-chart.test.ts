import { spendProjection } from '@promo/domain/pace/projection.rules';
import { dailySpendSeries } from '@promo/domain/promotion/tracking.rules';
import { describe, expect, it } from 'vitest';
import { chartOption } from './chart-option';

/** New Zealand wall-clock time (daylight time, +13:00): the series counts NZ dates on any device. */
const at = (year: number, month: number, day: number, hour = 12) =>
  Date.parse(
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+13:00`,
  );

describe('chartOption', () => {
  // Thursday 12 to Wednesday 18 November 2026, "today" Monday 16th.
  const days = dailySpendSeries({
    startTimestamp: at(2026, 11, 12, 0),
    endTimestamp: at(2026, 11, 18, 23),
    pastProgressDetails: { '20261112': { totalSpend: 360.49 }, '20261113': { totalSpend: 1584.49 } },
    firstDailyTarget: 904,
    now: at(2026, 11, 16, 10),
  });
  const option = chartOption({ days, projectionLabel: 'At your pace' });
  const series = option.series as {
    name: string;
    data: (number | null)[];
    lineStyle: { type?: string };
    emphasis?: { disabled?: boolean };
  }[];

  it('draws the actual spend up to today, carried forward, and nothing after', () => {
    expect(series[0]?.name).toBe('Actual');
    expect(series[0]?.data).toEqual([360.49, 1584.49, 1584.49, 1584.49, 1584.49, null, null]);
  });

  it('draws the target line solid up to today and dashed after, joined at today', () => {
    expect(series[1]).toMatchObject({ name: 'Target', data: [904, 1808, 1808, 1808, 2712, null, null] });
    expect(series[1]?.lineStyle.type).toBeUndefined();
    expect(series[2]).toMatchObject({ data: [null, null, null, null, 2712, 3616, 4520] });
    expect(series[2]?.lineStyle.type).toBe('dashed');
  });

  it('keeps every line in its colour under the pointer: no hover emphasis', () => {
    expect(series.map((line) => line.emphasis)).toEqual(series.map(() => ({ disabled: true })));
  });

  it("labels the days 'D MMMM'", () => {
    expect((option.xAxis as { data: string[] }).data.slice(0, 2)).toEqual(['12 November', '13 November']);
  });
});

describe('chartOption with the projection', () => {
  // Monday 2 to Friday 13 November 2026 (10 trading days), "today" Friday 6th: $3,000 after 4 days
  // elapsed (the figures stand at the end of Thursday), $750 a trading day.
  const input = {
    startTimestamp: at(2026, 11, 2, 0),
    endTimestamp: at(2026, 11, 13, 23),
    now: at(2026, 11, 6, 10),
  };
  const days = dailySpendSeries({
    ...input,
    pastProgressDetails: { '20261105': { totalSpend: 3000 } },
    firstDailyTarget: 700,
  });
  const projection = spendProjection({
    ...input,
    totalSpend: 3000,
    targets: [
      { targetNumber: 1, amount: 6000 },
      { targetNumber: 2, amount: 20000 },
    ],
  });
  const series = chartOption({ days, projection, projectionLabel: 'At your pace' }).series as {
    name: string;
    data: (number | null | { value: number; symbol: string; name: string })[];
    lineStyle: { type?: string };
  }[];
  const atPace = series.find((entry) => entry.name === 'At your pace');

  it('draws a dotted line from the latest figure to the end, distinct from actual and target', () => {
    expect(atPace?.lineStyle.type).toBe('dotted');
    expect(atPace?.data).toHaveLength(days.length);
    expect(atPace?.data.slice(0, 3)).toEqual([null, null, null]);
  });

  it('marks the day it reaches each target it reaches, and none it does not', () => {
    const marked = atPace?.data.flatMap((point, index) =>
      point !== null && typeof point === 'object' ? [[days[index]?.key, point.name, point.symbol]] : [],
    );
    const crossing = projection.targets.find((target) => target.targetNumber === 1);
    expect(crossing?.status).toBe('crosses');
    expect(marked).toEqual([[crossing?.status === 'crosses' ? crossing.dayKey : '', 'Target 1', 'diamond']]);
    expect(projection.targets.find((target) => target.targetNumber === 2)?.status).toBe('not-by-end');
  });
});
