import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAccount,
  buildMultiTargetPromotion,
  buildTargets,
  withFigures,
} from '@promo/domain/testing/data-generators';
import { mockApi } from '@promo/ui/testing';
import { renderRep } from '../../testing/render-rep';

/** New Zealand wall-clock time (daylight time, +13:00): the rules count NZ dates on any device. */
const at = (year: number, month: number, day: number, hour = 12) =>
  Date.parse(
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+13:00`,
  );

// Monday 2 November to Friday 11 December 2026 (30 trading days); the rep opens the customer on
// Sunday 22 November. The same customer and figures as the customer's own tracking view test.
const PROMO = buildMultiTargetPromotion({
  startTimestamp: at(2026, 11, 2, 0),
  endTimestamp: at(2026, 12, 11, 23),
});
const PATH = `/salesrep/promotions/${PROMO.id}?customer=G100001`;
const ACCOUNT = withFigures(buildAccount({ id: 'G100001', name: 'Customer 1' }), {
  promotionId: PROMO.id,
  targets: buildTargets(25_800, 28_300, 32_000),
  dailySalesTargets: [860, 943.33, 1066.67],
  pastProgress: { '20261102': 1970.89, '20261120': 27348.02 },
  totalSpend: 27348.02,
  byDivision: { A: 10003.26, B: 9165.39, N: 8179.37 },
});

beforeEach(() => {
  // Only Date: the page's timers and msw stay real. The view reads its today once, as it opens.
  vi.setSystemTime(at(2026, 11, 22, 10));
  mockApi({
    'GET /promotion/get': () => [PROMO],
    'GET /account/get': () => [ACCOUNT],
    'POST /audit/log': () => ({ ok: true }),
  });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Rep view of a customer: the spend chart', () => {
  it('draws the customer’s spend chart, named with where each line ends, the projection at this pace', async () => {
    renderRep(PATH);
    const card = (await screen.findByRole('heading', { name: 'Spend to date' })).closest('section')!;
    const chart = within(card).getByRole('img', { name: /^Spend chart from / });
    // $27,348.02 over 15 trading days elapsed, carried over all 30: the customer's own figure.
    expect(chart).toHaveAccessibleName(
      'Spend chart from 2 November 2026 to 11 December 2026: actual spend $27,348.02 against a straight-line target reaching $25,800 at the end; at this pace, $54,696 by the end.',
    );
    // The box is kept from the first render; ECharts loads once it is on screen.
    expect(chart).toHaveAttribute('aria-busy', 'true');
    const amounts = within(card).getByText('Actual', { selector: 'dt' }).closest('dl');
    expect(amounts).toHaveTextContent(/^Actual\$27,348\.02Target\$25,800At this pace\$54,696$/);
  });

  it('gives the chart its text alternative: the customer’s figures a week at a time', async () => {
    renderRep(PATH);
    const table = await screen.findByRole('table', { name: 'Spend by week' });
    const rows = within(table).getAllByRole('row');
    // Six weeks (the last one ends with the promotion), plus the header.
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent(/^8 November\$1,970\.89\$/);
    expect(rows[3]).toHaveTextContent(/^22 November\$27,348\.02\$/);
    expect(rows[4]).toHaveTextContent(/^29 Novemberto come\$/);
  });

  it('draws no chart for a customer without targets in the promotion', async () => {
    mockApi({
      'GET /promotion/get': () => [PROMO],
      'GET /account/get': () => [buildAccount({ id: 'G100001', name: 'Customer 1' })],
      'POST /audit/log': () => ({ ok: true }),
    });
    renderRep(PATH);
    expect(await screen.findByRole('heading', { name: 'No targets for this promotion' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Spend chart from / })).not.toBeInTheDocument();
  });
});
