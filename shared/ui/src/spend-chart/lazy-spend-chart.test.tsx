import { spendProjection } from '@promo/domain/pace/projection.rules';
import { dailySpendSeries } from '@promo/domain/promotion/tracking.rules';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from '../after-first-screen/after-first-screen';
import { LazySpendChart, SpendAmounts, spendChartDescription, type SpendFigures } from './index';

// ECharts draws nothing measurable in happy-dom; the chart's option is tested in spend-chart.test.ts.
vi.mock('./spend-chart', () => ({
  SpendChart: ({ onDrawn }: { onDrawn?: () => void }) => {
    useEffect(() => onDrawn?.(), [onDrawn]);
    return <svg data-testid="drawn-chart" />;
  },
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

/** New Zealand wall-clock time (daylight time, +13:00): the rules count NZ dates on any device. */
const at = (year: number, month: number, day: number, hour = 12) =>
  Date.parse(
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+13:00`,
  );

// Monday 2 to Friday 13 November 2026 (10 trading days), "today" Friday 6th: $3,000 after 4 days
// elapsed (the figures stand at the end of Thursday), $750 a trading day.
const dates = { startTimestamp: at(2026, 11, 2, 0), endTimestamp: at(2026, 11, 13, 23) };
const now = at(2026, 11, 6, 10);
const days = dailySpendSeries({
  ...dates,
  now,
  pastProgressDetails: { '20261102': { totalSpend: 900 }, '20261105': { totalSpend: 3000 } },
  firstDailyTarget: 700,
});
const projection = spendProjection({
  ...dates,
  now,
  totalSpend: 3000,
  targets: [{ targetNumber: 1, amount: 7000 }],
});
const figures: SpendFigures = {
  totalSpend: 3000,
  firstTarget: 7000,
  projection,
  projectionLabel: 'At this pace',
};

function renderChart() {
  render(
    <LazySpendChart
      days={days}
      projection={projection}
      projectionLabel="At this pace"
      description={spendChartDescription({ ...figures, ...dates })}
    />,
  );
  return () => screen.getByRole('img', { name: /^Spend chart from / });
}

describe('LazySpendChart', () => {
  it('names its box with the description: the dates and where each line ends', () => {
    const box = renderChart();
    expect(box()).toHaveAccessibleName(
      'Spend chart from 2 November 2026 to 13 November 2026: actual spend $3,000.00 against a straight-line target reaching $7,000 at the end; at this pace, $7,500 by the end.',
    );
  });

  it('gives the chart a text alternative: its figures a week at a time', () => {
    renderChart();
    const rows = within(screen.getByRole('table', { name: 'Spend by week' })).getAllByRole('row');
    // Two weeks (the second ends with the promotion), plus the header.
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveTextContent(/^8 November\$3,000\.00\$/);
    expect(rows[2]).toHaveTextContent(/^13 Novemberto come\$7,000\.00$/);
  });

  it('draws the chart once the first screen has painted and its box is on screen', async () => {
    const observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.push({ callback: this.callback, target });
        }
        disconnect() {}
      },
    );
    const box = renderChart();
    expect(box()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(observed).toHaveLength(1));
    // Painted but off screen: still the reserved box.
    await act(() => afterFirstScreen());
    expect(box()).toHaveAttribute('aria-busy', 'true');
    expect(within(box()).queryByTestId('drawn-chart')).not.toBeInTheDocument();
    const [{ callback, target }] = observed as [{ callback: IntersectionObserverCallback; target: Element }];
    act(() =>
      callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver),
    );
    await waitFor(() => expect(box()).toHaveAttribute('aria-busy', 'false'));
    expect(within(box()).getByTestId('drawn-chart')).toBeInTheDocument();
  });
});

describe('SpendAmounts', () => {
  it('gives the amount each line ends on, the projection under its label', () => {
    render(<SpendAmounts {...figures} />);
    const amounts = screen.getByText('Actual', { selector: 'dt' }).closest('dl');
    expect(amounts).toHaveTextContent(/^Actual\$3,000\.00Target\$7,000At this pace\$7,500$/);
  });

  it('leaves the projection out when nothing is projected, as the description does', () => {
    // On the first day no trading day has elapsed: there is no pace to carry on.
    const first = spendProjection({ ...dates, now: dates.startTimestamp, totalSpend: 0, targets: [] });
    const none = { ...figures, totalSpend: 0, firstTarget: undefined, projection: first };
    render(<SpendAmounts {...none} />);
    expect(screen.getByText('Actual', { selector: 'dt' }).closest('dl')).toHaveTextContent(
      /^Actual\$0\.00Target–$/,
    );
    expect(spendChartDescription({ ...none, ...dates })).toBe(
      'Spend chart from 2 November 2026 to 13 November 2026: actual spend $0.00 against a straight-line target reaching – at the end.',
    );
  });
});
