import { spendProjection } from '@promo/domain/pace/projection.rules';
import { dailySpendSeries } from '@promo/domain/promotion/tracking.rules';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from '../after-first-screen/after-first-screen';
import { LazySpendChart, SpendAmounts, spendChartDescription, type SpendFigures } from './index';
import { PICTURE_WAIT_MS } from './lazy-spend-chart';

// The interactive chart's modules, each counting its evaluations: the page must evaluate neither
// before the reader reaches for the chart. ECharts draws nothing measurable in happy-dom; the
// chart's option is tested in spend-chart.test.ts.
const evaluated = vi.hoisted(() => ({ chart: 0, core: 0 }));
vi.mock('./echarts-core', () => {
  evaluated.core += 1;
  return {};
});
vi.mock('./spend-chart', () => {
  evaluated.chart += 1;
  return {
    SpendChart: ({ onDrawn }: { onDrawn?: () => void }) => {
      useEffect(() => onDrawn?.(), [onDrawn]);
      return <svg data-testid="drawn-chart" />;
    },
  };
});

// The worker, run on the test's thread: the picture is ECharts' real rendering, or where
// `available` is false, the answer of a worker that cannot draw, or where `silent`, no answer. It
// stands in for the browser's Worker, so the page's own way of starting it (picture-worker-start.ts)
// runs as it is, whichever test file loaded the chart's modules first (the files share modules).
const worker = vi.hoisted(() => ({ started: 0, posted: 0, available: true, silent: false }));
vi.mock('./spend-chart.worker.ts?worker-script', () => ({ default: '/static/js/spend-chart.worker.js' }));
const renderPicture = vi.hoisted(() => ({
  draw: undefined as undefined | ((request: unknown) => unknown),
}));
class FakeWorker {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror = null;
  constructor() {
    worker.started += 1;
  }
  postMessage({ id, request }: { id: number; request: unknown }) {
    worker.posted += 1;
    if (worker.silent) return;
    const data = worker.available
      ? { id, picture: renderPicture.draw?.(request) }
      : { id, error: 'This browser runs no workers' };
    setTimeout(() => this.onmessage?.({ data }), 0);
  }
  terminate() {}
}

// ECharts' first import is slow on a busy machine: paid here, so no test's picture is late.
beforeAll(async () => {
  const { renderChartPicture } = await import('./chart-picture');
  renderPicture.draw = (request) => renderChartPicture(request as Parameters<typeof renderChartPicture>[0]);
}, 60_000);

beforeEach(() => {
  // happy-dom lays nothing out: the box is given a phone's width.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  vi.stubGlobal('Worker', FakeWorker);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost/picture-worker');
  worker.available = true;
  worker.silent = false;
  // Each test draws its own pictures: none is kept from another (kept-pictures.ts).
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
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

function chartProps(overrides: Partial<Parameters<typeof LazySpendChart>[0]> = {}) {
  return {
    days,
    projection,
    projectionLabel: 'At this pace',
    description: spendChartDescription({ ...figures, ...dates }),
    ...overrides,
  };
}

function renderChart() {
  const view = render(<LazySpendChart {...chartProps()} />);
  const box = () => screen.getByRole('img', { name: /^Spend chart from / });
  return Object.assign(box, { rerender: view.rerender });
}

/** IntersectionObserver as a test drives it: `show()` puts every observed box on screen. */
function stubIntersectionObserver() {
  const observed: { callback: IntersectionObserverCallback; target: Element }[] = [];
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
  return {
    observed,
    show: () =>
      act(() => {
        for (const { callback, target } of observed)
          callback(
            [{ isIntersecting: true, target } as IntersectionObserverEntry],
            {} as IntersectionObserver,
          );
      }),
  };
}

/** The chart rendered, the first screen painted and its box on screen. */
async function renderOnScreen() {
  const { show } = stubIntersectionObserver();
  const box = renderChart();
  await act(() => afterFirstScreen());
  show();
  return box;
}

/** A picture is ECharts' real rendering, on the test's thread: seconds on a busy machine. */
const DRAWN = { timeout: 4000 };

const picture = (box: HTMLElement) => box.querySelector('[data-chart-picture] svg');

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

  it("shows the chart's picture, drawn in a worker, once the first screen has painted and its box is on screen", async () => {
    const { observed, show } = stubIntersectionObserver();
    const box = renderChart();
    expect(box()).toHaveAttribute('aria-busy', 'true');
    await waitFor(() => expect(observed).toHaveLength(1));
    // Painted but off screen: still the reserved box, and no worker started.
    await act(() => afterFirstScreen());
    expect(box()).toHaveAttribute('aria-busy', 'true');
    expect(worker.started).toBe(0);
    show();
    await waitFor(() => expect(box()).toHaveAttribute('aria-busy', 'false'), DRAWN);
    // The picture is the chart as ECharts draws it, at the box's width: the actual, target and
    // projection lines in their colours.
    const svg = picture(box());
    expect(svg).toHaveAttribute('width', '360');
    expect(svg).toHaveAttribute('height', '260');
    for (const colour of ['#0b4f9c', '#c05600', '#6a3d9a'])
      expect(svg?.querySelector(`path[stroke="${colour}"]`)).not.toBeNull();
    expect(svg?.querySelector('style')).toBeNull();
    // The labels' fonts as presentation attributes: the page's policy refuses style attributes.
    expect(svg?.querySelectorAll('[style]')).toHaveLength(0);
    expect(svg?.querySelector('text')).toHaveAttribute('font-size', '12px');
  });

  it('shows the picture kept on the device for the same figures without asking the worker again', async () => {
    const first = await renderOnScreen();
    await waitFor(() => expect(picture(first())).not.toBeNull(), DRAWN);
    const drawn = picture(first())?.outerHTML;
    const posted = worker.posted;
    cleanup();

    // A return visit with the same figures: the kept picture, no job for the worker.
    const again = await renderOnScreen();
    await waitFor(() => expect(picture(again())).not.toBeNull());
    expect(worker.posted).toBe(posted);
    expect(picture(again())?.outerHTML).toBe(drawn);

    // Fresh figures are drawn anew.
    again.rerender(<LazySpendChart {...chartProps({ projectionLabel: 'At your pace' })} />);
    await waitFor(() => expect(worker.posted).toBe(posted + 1));
  });

  it("evaluates none of the interactive chart's code until the reader reaches for it, then draws it in the picture's place", async () => {
    const box = await renderOnScreen();
    await waitFor(() => expect(picture(box())).not.toBeNull(), DRAWN);
    expect(evaluated).toEqual({ chart: 0, core: 0 });
    expect(within(box()).queryByTestId('drawn-chart')).not.toBeInTheDocument();

    fireEvent.pointerEnter(box());
    await waitFor(() => expect(within(box()).getByTestId('drawn-chart')).toBeInTheDocument());
    expect(evaluated).toEqual({ chart: 1, core: 1 });
    await waitFor(() => expect(picture(box())).toBeNull());
    expect(box()).toHaveAttribute('aria-busy', 'false');
  });

  it('loads the interactive chart when the box takes keyboard focus', async () => {
    const box = await renderOnScreen();
    await waitFor(() => expect(picture(box())).not.toBeNull(), DRAWN);
    act(() => box().focus());
    await waitFor(() => expect(within(box()).getByTestId('drawn-chart')).toBeInTheDocument());
  });

  it('replaces the picture in place when fresh figures arrive: the same box, never empty', async () => {
    const box = await renderOnScreen();
    await waitFor(() => expect(picture(box())).not.toBeNull(), DRAWN);
    const before = picture(box())?.outerHTML;
    const element = box();
    const fresher = days.map((day) => (day.actual === null ? day : { ...day, actual: day.actual + 500 }));
    box.rerender(<LazySpendChart {...chartProps({ days: fresher })} />);
    // The old picture stays until the new one is in.
    expect(picture(box())?.outerHTML).toBe(before);
    await waitFor(() => expect(picture(box())?.outerHTML).not.toBe(before), DRAWN);
    expect(box()).toBe(element);
    expect(box()).toHaveAttribute('aria-busy', 'false');
  });

  it('draws the interactive chart on screen where no worker can run', async () => {
    worker.available = false;
    const box = await renderOnScreen();
    await waitFor(() => expect(within(box()).getByTestId('drawn-chart')).toBeInTheDocument());
    expect(picture(box())).toBeNull();
  });

  it('draws the interactive chart where the picture has not come in time, and not before', async () => {
    worker.silent = true;
    const { show } = stubIntersectionObserver();
    const box = renderChart();
    await act(() => afterFirstScreen());
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      show();
      await act(() => vi.advanceTimersByTimeAsync(PICTURE_WAIT_MS - 1));
      expect(within(box()).queryByTestId('drawn-chart')).not.toBeInTheDocument();
      await act(() => vi.advanceTimersByTimeAsync(1));
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(within(box()).getByTestId('drawn-chart')).toBeInTheDocument());
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
