import { dailySpendSeries } from '@promo/domain/tracking-rules';
import { describe, expect, it } from 'vitest';
import { chartOption } from './spend-chart';

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
  const option = chartOption(days);
  const series = option.series as { name: string; data: (number | null)[]; lineStyle: { type?: string } }[];

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

  it("labels the days 'D MMMM'", () => {
    expect((option.xAxis as { data: string[] }).data.slice(0, 2)).toEqual(['12 November', '13 November']);
  });
});
