import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PromotionFigures } from '@promo/domain/account/promotion-figures.rules';
import {
  buildAccount,
  buildMultiTargetPromotion,
  buildTargets,
  withFigures,
} from '@promo/domain/testing/data-generators';
import { mockApi } from '@promo/ui/testing';
import TrackingView from './tracking-view';

// The chart itself (when it loads, what it draws) is tested with it, in @promo/ui/spend-chart:
// happy-dom's IntersectionObserver never reports the box on screen, so here it stays the box.
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** New Zealand wall-clock time (daylight time, +13:00): the rules count NZ dates on any device. */
const at = (year: number, month: number, day: number, hour = 12) =>
  Date.parse(
    `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00:00+13:00`,
  );

// Monday 2 November to Friday 11 December 2026 (30 trading days); "now" is Sunday 22 November.
const promotion = buildMultiTargetPromotion({
  startTimestamp: at(2026, 11, 2, 0),
  endTimestamp: at(2026, 12, 11, 23),
});
const HAMPERS = promotion.id;
const NOW = at(2026, 11, 22, 10);

/** The view for an account joined to the hamper promotion, past Target 1 on 20 November unless overridden. */
function renderView(figures: Partial<PromotionFigures> = {}, now = NOW) {
  mockApi({
    'GET /configuration/get': [
      {
        id: 'division.details',
        value: [
          { division: 'A', name: 'Autolign', logo: { id: 'division-logo-A' } },
          { division: 'N', name: 'NZ Brake Co', logo: { id: 'division-logo-N' } },
        ],
      },
    ],
  });
  const account = withFigures(buildAccount(), {
    promotionId: HAMPERS,
    targets: buildTargets(25_800, 28_300, 32_000),
    dailySalesTargets: [860, 943.33, 1066.67],
    pastProgress: { '20261102': 1970.89, '20261120': 27348.02 },
    totalSpend: 27348.02,
    byDivision: { A: 10003.26, B: 9165.39, N: 8179.37 },
    ...figures,
  });
  const targets = account.targetDetails[HAMPERS] ?? [];
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <TrackingView promotion={promotion} account={account} targets={targets} now={now} />
    </QueryClientProvider>,
  );
}

describe('TrackingView', () => {
  it("shows the 'Promo Days Remaining' pill coloured by its band", () => {
    renderView();
    const pill = screen.getByText('Promo Days Remaining').parentElement;
    expect(pill).toHaveTextContent('Promo Days Remaining20');
    expect(pill).toHaveAttribute('data-colour', 'orange');
  });

  it('shows the rings: % of the target in focus, not yet reached, and % of time completed', () => {
    renderView();
    expect(screen.getByRole('img', { name: '96% of Target 2' })).toBeVisible();
    // 20 whole days of the 39 between 2 November and 11 December.
    expect(screen.getByRole('img', { name: '51% Time completed' })).toBeVisible();
  });

  it('shows the Actual and Target amounts beside the chart', () => {
    renderView();
    const amounts = screen.getByText('Actual', { selector: 'dt' }).closest('dl');
    expect(amounts).toHaveTextContent('Actual$27,348.02');
    expect(amounts).toHaveTextContent('Target$25,800');
    // Where the spend lands at the customer's pace so far: the end of the dotted line.
    // $27,348.02 over 15 trading days elapsed, carried over all 30.
    expect(amounts).toHaveTextContent(/At your pace\$54,696$/);
    expect(
      screen.getByRole('img', { name: /^Spend chart from 2 November 2026 to 11 December 2026/ }),
    ).toBeVisible();
  });

  it('gives the chart a text alternative: its figures a week at a time', () => {
    renderView();
    const table = screen.getByRole('table', { name: 'Spend by week' });
    const rows = within(table).getAllByRole('row');
    // 2 November to 11 December: six weeks (the last one ends with the promotion), plus the header.
    expect(rows).toHaveLength(7);
    expect(rows[1]).toHaveTextContent(/^8 November\$1,970\.89\$/);
    expect(rows[3]).toHaveTextContent(/^22 November\$27,348\.02\$/);
    expect(rows[4]).toHaveTextContent(/^29 Novemberto come\$/);
    expect(rows[6]).toHaveTextContent(/^11 Decemberto come\$25,800\.00$/);
  });

  it('advises the pace for each target as at the date of the latest figures', () => {
    renderView();
    const pace = screen.getByRole('region', { name: 'Your pace' });
    const items = within(pace)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    // 15 trading days in the figures (to Friday 20 November), 15 from Monday on: $27,348.02 over 15
    // days projects to $54,696.
    expect(items).toEqual([
      'Target 1 reached',
      'On pace for Target 2 by 11 December$64 per trading day to reach Target 2',
      'On pace for Target 3 by 11 December$311 per trading day to reach Target 3',
    ]);
    // $1,823.20 a day: Target 3 ($32,000) on trading day 18, Wednesday 25 November.
    expect(within(pace).getByText('At your pace: Target 3 on 25 November')).toBeVisible();
    expect(within(pace).getByText(/15 trading days left · as at 20 November 2026/)).toBeVisible();
  });

  it('says when the pace falls short', () => {
    renderView({ pastProgress: { '20261120': 6000 }, totalSpend: 6000, byDivision: {} });
    const pace = screen.getByRole('region', { name: 'Your pace' });
    expect(within(pace).getAllByRole('listitem')[0]).toHaveTextContent(
      'Behind pace for Target 1$1,320 per trading day to reach Target 1',
    );
    expect(within(pace).getByText('At your pace you will not reach Target 1 by the end')).toBeVisible();
  });

  it('counts from the same today on the last day: that day is still one to spend in', () => {
    renderView(
      { pastProgress: { '20261210': 24_000 }, totalSpend: 24_000, byDivision: {} },
      at(2026, 12, 11, 9),
    );
    expect(screen.getByText('Promo Days Remaining').parentElement).toHaveTextContent('Promo Days Remaining1');
    const pace = screen.getByRole('region', { name: 'Your pace' });
    expect(within(pace).getAllByRole('listitem')[0]).toHaveTextContent(
      'Behind pace for Target 1$1,800 per trading day to reach Target 1',
    );
    expect(within(pace).getByText(/^1 trading day left · as at 10 December 2026/)).toBeVisible();
  });

  it('draws the tier bar against every target, blue past the first, a frame after the first commit', async () => {
    renderView();
    expect(screen.queryByRole('img', { name: /^Spend \$27,348.02 against/ })).not.toBeInTheDocument();
    const bar = await screen.findByRole('img', { name: /^Spend \$27,348.02 against/ });
    expect(bar).toHaveAccessibleName(
      'Spend $27,348.02 against Target 1 $25,800 (reached), Target 2 $28,300, Target 3 $32,000',
    );
    expect(bar.firstElementChild).toHaveAttribute('data-colour', 'blue');
    expect(bar.firstElementChild).toHaveStyle({ height: '450px', width: '120px' });
  });

  it('shows Total Spend first and a division’s spend when its tile is tapped', async () => {
    renderView();
    const tiles = await screen.findByRole('region', { name: 'Spend by partner' });
    expect(
      within(tiles)
        .getAllByRole('button')
        .map((tile) => tile.textContent),
    ).toEqual([
      'Total Spend',
      'Autolign',
      'BNT',
      'Truck & Trailer Parts',
      'HCB/JAS',
      'Precision Equipment',
      'DDL',
      'NZ Brake Co',
    ]);
    expect(within(tiles).getByText(/Total Spend:/)).toHaveTextContent('Total Spend: $27,348.02');
    await userEvent.click(within(tiles).getByRole('button', { name: 'Autolign' }));
    expect(within(tiles).getByRole('button', { name: 'Autolign' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(tiles).getByText(/Autolign:/)).toHaveTextContent('Autolign: $10,003.26');
    await userEvent.click(within(tiles).getByRole('button', { name: 'DDL' }));
    expect(within(tiles).getByText(/DDL:/)).toHaveTextContent('DDL: $0.00');
  });

  it('lets a keyboard user pick a partner tile; the spend shown is announced', async () => {
    renderView();
    const tiles = await screen.findByRole('region', { name: 'Spend by partner' });
    within(tiles).getByRole('button', { name: 'Total Spend' }).focus();
    await userEvent.tab();
    expect(within(tiles).getByRole('button', { name: 'Autolign' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(within(tiles).getByRole('button', { name: 'BNT' })).toHaveAttribute('aria-pressed', 'true');
    const announced = within(tiles).getByText(/BNT:/);
    expect(announced).toHaveAttribute('aria-live', 'polite');
    expect(announced).toHaveTextContent(/^BNT: \$/);
  });
});
