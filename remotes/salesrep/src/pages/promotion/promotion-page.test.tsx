import { achievement } from '@promo/domain/promotion/target-progress.rules';
import { PACE_BANDS, paceBand, promotionPace } from '@promo/domain/rep/rep-progress.rules';
import { parseSavedSelection, SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import type { AccountSearchItem, AccountSearchRequest, PaceBand, PaceBandCounts } from '@promo/domain/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildAccount,
  buildBranches,
  buildMultiTargetPromotion,
  promotionDates,
} from '@promo/domain/testing/data-generators';
import { expectFrame, mockApi } from '@promo/ui/testing';
import { captureDownloads } from '../../testing/capture-downloads';
import { renderRep } from '../../testing/render-rep';

/** A promotion running now. */
const PROMO = buildMultiTargetPromotion(promotionDates(Date.now()));
const PATH = `/salesrep/promotions/${PROMO.id}`;

const TARGETS = [
  { targetNumber: 1, amount: 25_000 },
  { targetNumber: 2, amount: 30_000 },
];

/** 23 customers: G100000… with falling spend; every third not registered; the first past all targets. */
const CUSTOMERS: AccountSearchItem[] = Array.from({ length: 23 }, (_, index) => ({
  id: `G1000${String(index).padStart(2, '0')}`,
  name: index === 5 ? 'Smith, Jones & "Sons"' : `Customer ${index}`,
  primaryRegion: 'Auckland',
  customerIds: [`ATL${10_000 + index}`],
  totalSpend: 30_000 - index * 1000,
  percentageAchieved: achievement(TARGETS, 30_000 - index * 1000).percentageAchieved,
  targets: TARGETS,
  firstTarget: 25_000,
  enrolled: index % 3 !== 2,
  ...(index === 0
    ? {}
    : {
        nextTarget: {
          targetNumber: 2,
          amount: 32_000,
          remaining: 2000 + index * 1000,
          perTradingDayNeeded: 100 + index * 50,
        },
      }),
}));

/** Each customer's band by the rule the server's SQL follows. */
const bandOf = (customer: AccountSearchItem): PaceBand =>
  paceBand(customer, promotionPace(Date.now(), PROMO.startTimestamp, PROMO.endTimestamp));

/** The customers at branch 102 (every other customer trades with branch 101 only). */
const AT_BRANCH_102 = new Set(['G100003', 'G100004', 'G100010']);

function searchApi() {
  return ({ body }: { body: unknown }) => {
    const request = body as AccountSearchRequest;
    const text = request.filters?.searchText?.toLowerCase() ?? '';
    let matches = CUSTOMERS.filter(
      (customer) => customer.name.toLowerCase().includes(text) || customer.id.toLowerCase().includes(text),
    );
    if (request.filters?.enrolledIn) matches = matches.filter((customer) => customer.enrolled);
    if (request.filters?.notEnrolledIn) matches = matches.filter((customer) => !customer.enrolled);
    const branchIds = [request.filters?.branchID ?? []].flat();
    if (!branchIds.includes('101')) matches = matches.filter((customer) => AT_BRANCH_102.has(customer.id));
    const band = request.filters?.band;
    if (band) matches = matches.filter((customer) => [band].flat().includes(bandOf(customer)));
    const sort = request.sort?.[0];
    if (sort?.direction === 'asc') matches = matches.toReversed();
    const offset = request.offset ?? 0;
    const page = request.totalOnly ? [] : matches.slice(offset, offset + (request.limit ?? 10));
    const bands = Object.fromEntries(
      PACE_BANDS.map((name) => [name, matches.filter((customer) => bandOf(customer) === name).length]),
    ) as PaceBandCounts;
    return {
      ids: page.map((item) => item.id),
      items: page,
      total: matches.length,
      ...(request.summary ? { summary: { bands } } : {}),
    };
  };
}

const ACCOUNT = buildAccount({
  id: 'G100001',
  name: 'Customer 1',
  divisionDetails: [
    {
      id: 'ATL10001',
      name: 'CUSTOMER 1',
      division: 'A',
      branchID: '101',
      salesRepID: 'SR021',
      salesRepName: 'Tevita Singh',
    },
    {
      id: 'BNT10002',
      name: 'Customer 1',
      division: 'B',
      branchID: '102',
      salesRepID: 'SR023',
      salesRepName: 'Sione Tuilagi',
    },
  ],
  primarySalesRepID: 'SR021',
  secondaryContactFirstName: 'Mere',
  secondaryContactEmail: 'accounts@customer1.co.nz',
  enrolledPromotions: [],
  trackingTimestamps: {
    [`promotion_view.${PROMO.id.toLowerCase()}`]: new Date(2025, 10, 5, 21, 7).getTime(),
  },
  progressDetails: { [PROMO.id]: { totalSpend: 26_000, byDivision: { A: 20_000, B: 6000 } } },
  targetDetails: {
    [PROMO.id]: [
      { targetNumber: 1, amount: 25_000 },
      { targetNumber: 2, amount: 32_000 },
    ],
  },
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  localStorage.setItem(
    SAVED_SELECTION_KEY,
    JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] }),
  );
  api = mockApi({
    'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
    'GET /promotion/get': () => [PROMO],
    'POST /account/search': searchApi(),
    'GET /account/get': () => [ACCOUNT],
    'POST /audit/log': () => ({ ok: true }),
  });
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const searches = () => api.bodies<AccountSearchRequest>('POST /account/search');
const rowNames = () =>
  within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);

describe('Rep promotion details: the customer table', () => {
  it('shows the promotion name and the first page of 10, by percentage descending, at the selected branches', async () => {
    renderRep(PATH);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await expectFrame('Tier Up Hamper Challenge (back)');
    expect(rowNames()).toHaveLength(10);
    expect(rowNames()[0]).toBe('Customer 0');
    expect(screen.getByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
    expect(searches()[0]).toEqual({
      filters: { hasTargetsFor: PROMO.id, branchID: ['101', '102'] },
      sort: [{ key: 'percentage', direction: 'desc' }],
      offset: 0,
      limit: 10,
    });
    expect(screen.getByRole('columnheader', { name: /Percentage/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const first = screen.getAllByRole('row')[1]!;
    expect(within(first).getByText('100%')).toBeInTheDocument();
    expect(within(first).getByText('Target 2 achieved')).toBeInTheDocument();
    expect(within(first).getByText('$30,000.00')).toBeInTheDocument();
    // The next customer is short of Target 2: the percent of it, named as the customer's ring names it.
    const second = screen.getAllByRole('row')[2]!;
    expect(within(second).getByText('96%')).toBeInTheDocument();
    expect(within(second).getByText('of Target 2')).toBeInTheDocument();
    expect(within(first).getByText('All targets reached')).toBeInTheDocument();
    expect(within(screen.getAllByRole('row')[2]!).getByText(/\$150/)).toHaveTextContent('$150 /day');
  });

  it('searches a second after typing stops, from page 1', async () => {
    const user = userEvent.setup();
    renderRep(`${PATH}?page=2`);
    expect(await screen.findByText('Showing 11–20 of 23 customers')).toBeInTheDocument();
    await user.type(
      screen.getByRole('searchbox', { name: 'Search Global ID, Name or Customer ID' }),
      'smith',
    );
    const typedAt = Date.now();
    expect(searches().some((request) => request.filters?.searchText)).toBe(false);
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1 customer')).toBeInTheDocument());
    expect(Date.now() - typedAt).toBeGreaterThanOrEqual(950);
    const withText = searches().filter((request) => request.filters?.searchText);
    expect(withText).toHaveLength(1);
    expect(withText[0]).toMatchObject({ offset: 0, filters: { searchText: 'smith' } });
    expect(rowNames()).toEqual(['Smith, Jones & "Sons"']);
  });

  it('offers page 1 when the address names a page past the end', async () => {
    const user = userEvent.setup();
    renderRep(`${PATH}?page=9`);
    expect(await screen.findByRole('heading', { name: 'No customers on this page' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    expect(await screen.findByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
  });

  it('says when nobody matches the search', async () => {
    renderRep(`${PATH}?q=nobody`);
    expect(await screen.findByRole('heading', { name: 'No customers found' })).toBeInTheDocument();
    expect(screen.getByText(/No customers match “nobody”/)).toBeInTheDocument();
  });

  it('filters registered and non-registered customers, multi-select, and remembers the choice', async () => {
    const user = userEvent.setup();
    renderRep(PATH);
    await screen.findByRole('table');
    const filter = screen.getByRole('group', { name: 'Registered filter' });
    expect(within(filter).getByRole('button', { name: 'Show All' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(filter).getByRole('button', { name: 'Non Registered' }));
    expect(await screen.findByText('Showing 1–10 of 16 customers')).toBeInTheDocument();
    expect(searches().at(-1)?.filters).toEqual({
      hasTargetsFor: PROMO.id,
      enrolledIn: PROMO.id,
      branchID: ['101', '102'],
    });
    expect(within(filter).getByRole('button', { name: 'Show All' })).toHaveAttribute('aria-pressed', 'false');
    expect(JSON.parse(localStorage.getItem(SAVED_SELECTION_KEY) ?? '{}')).toMatchObject({
      promotionFilters: { [PROMO.id]: { showRegistered: true, showNonRegistered: false } },
    });

    await user.click(within(filter).getByRole('button', { name: 'Registered' }));
    expect(
      screen.getByText('Choose Show All, Registered or Non Registered to see customers.'),
    ).toBeInTheDocument();

    await user.click(within(filter).getByRole('button', { name: 'Non Registered' }));
    expect(await screen.findByText('Showing 1–7 of 7 customers')).toBeInTheDocument();
    expect(searches().at(-1)?.filters).toEqual({
      hasTargetsFor: PROMO.id,
      notEnrolledIn: PROMO.id,
      branchID: ['101', '102'],
    });
    expect(screen.getAllByText('Not registered')).toHaveLength(7);

    await user.click(within(filter).getByRole('button', { name: 'Show All' }));
    expect(await screen.findByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
  });

  it('sorts by a column header and toggles the direction on a second click', async () => {
    const user = userEvent.setup();
    renderRep(PATH);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /Total Spend/ }));
    await waitFor(() =>
      expect(screen.getByRole('columnheader', { name: /Total Spend/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    expect(searches().at(-1)?.sort).toEqual([{ key: 'totalSpend', direction: 'desc' }]);
    await user.click(screen.getByRole('button', { name: /Total Spend/ }));
    await waitFor(() => expect(rowNames()[0]).toBe('Customer 22'));
    expect(screen.getByRole('columnheader', { name: /Total Spend/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(searches().at(-1)?.sort).toEqual([{ key: 'totalSpend', direction: 'asc' }]);
    await user.click(screen.getByRole('button', { name: /Needs attention/ }));
    await waitFor(() =>
      expect(searches().at(-1)?.sort).toEqual([{ key: 'needsAttention', direction: 'desc' }]),
    );
  });

  it('pages through the customers', async () => {
    const user = userEvent.setup();
    renderRep(PATH);
    await screen.findByRole('table');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 11–20 of 23 customers')).toBeInTheDocument();
    expect(searches().at(-1)).toMatchObject({ offset: 10, limit: 10 });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Showing 21–23 of 23 customers')).toBeInTheDocument();
    expect(within(pages).getByText('Page 3 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('exports every page of the current list as CSV', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderRep(`${PATH}?sort=totalSpend&dir=asc`);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 23 customers.')).toBeInTheDocument();
    expect(searches().filter((request) => request.limit === 100)).toEqual([
      {
        filters: { hasTargetsFor: PROMO.id, branchID: ['101', '102'] },
        sort: [{ key: 'totalSpend', direction: 'asc' }],
        offset: 0,
        limit: 100,
      },
    ]);
    expect(downloads.names()).toEqual([
      expect.stringMatching(/^customers-promo-tierup-hampers-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    const [lines = []] = await downloads.lines();
    expect(lines[0]).toBe(
      'Global ID,Name,Region,Customer IDs,Registered,Total Spend,Target 1,% Achieved,% Ahead of Pace,Next Target,Still Needed,Needed per Trading Day',
    );
    expect(lines).toHaveLength(25);
    expect(lines[1]).toMatch(/^G100022,Customer 22,Auckland,ATL10022,Yes,8000,25000,32,/);
    expect(lines).toContain(lines.find((line) => line.startsWith('G100005,"Smith, Jones & ""Sons""",')));
  });
});

describe('Rep promotion details: the pace bands', () => {
  const EXPECTED = Object.fromEntries(
    PACE_BANDS.map((band) => [band, CUSTOMERS.filter((customer) => bandOf(customer) === band).length]),
  ) as PaceBandCounts;
  const bandButton = (name: string) =>
    within(screen.getByRole('group', { name: 'Pace band filter' })).getByRole('button', {
      name: new RegExp(`^${name} \\d+$`),
    });

  it('shows how the table’s customers split between the bands, which add up to its total', async () => {
    renderRep(PATH);
    await screen.findByRole('table');
    expect(await screen.findByRole('heading', { name: 'Customers by pace' })).toBeInTheDocument();
    await screen.findByRole('img', { name: /^On pace \d+, / });
    // The fixture has customers in more than one band, so the counts say something.
    expect(PACE_BANDS.filter((band) => EXPECTED[band] > 0).length).toBeGreaterThan(1);
    expect(bandButton('On pace')).toHaveTextContent(`On pace${EXPECTED['on-pace']}`);
    expect(bandButton('Slipping')).toHaveTextContent(`Slipping${EXPECTED.slipping}`);
    expect(bandButton('Behind')).toHaveTextContent(`Behind${EXPECTED.behind}`);
    expect(bandButton('Not joined')).toHaveTextContent(`Not joined${EXPECTED['not-joined']}`);
    expect(PACE_BANDS.reduce((sum, band) => sum + EXPECTED[band], 0)).toBe(23);
    expect(
      screen.getByRole('img', { name: /^On pace \d+, Slipping \d+, Behind \d+, Not joined \d+$/ }),
    ).toBeInTheDocument();
    expect(searches().find((request) => request.summary)).toEqual({
      filters: { hasTargetsFor: PROMO.id, branchID: ['101', '102'] },
      totalOnly: true,
      summary: 'bands',
    });
  });

  it('filters the table to a band, remembers it with the promotion’s filters, and exports only that band', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderRep(PATH);
    await screen.findByRole('table');
    await user.click(await screen.findByRole('button', { name: /^Behind \d+$/ }));
    expect(bandButton('Behind')).toHaveAttribute('aria-pressed', 'true');
    const behind = EXPECTED.behind;
    expect(
      await screen.findByText(`Showing 1–${Math.min(10, behind)} of ${behind} customers`),
    ).toBeInTheDocument();
    expect(searches().at(-1)?.filters).toMatchObject({ band: 'behind' });
    const bars = screen
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.querySelector('[data-colour]'));
    expect(bars.map((bar) => bar?.getAttribute('data-colour'))).toEqual(bars.map(() => 'red'));
    // Every band keeps its count while one is chosen.
    expect(bandButton('On pace')).toHaveTextContent(String(EXPECTED['on-pace']));
    expect(JSON.parse(localStorage.getItem(SAVED_SELECTION_KEY) ?? '{}')).toMatchObject({
      promotionFilters: { [PROMO.id]: { showRegistered: true, showNonRegistered: true, band: 'behind' } },
    });

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(`Exported ${behind} customers.`)).toBeInTheDocument();
    expect(searches().find((request) => request.limit === 100)?.filters).toMatchObject({ band: 'behind' });
    expect(downloads.names()).toEqual([
      expect.stringMatching(/^customers-promo-tierup-hampers-behind-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    const [lines = []] = await downloads.lines();
    expect(lines.filter((line) => line !== '')).toHaveLength(behind + 1);

    await user.click(bandButton('Behind'));
    expect(await screen.findByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
    expect(bandButton('Behind')).toHaveAttribute('aria-pressed', 'false');
    expect(parseSavedSelection(localStorage.getItem(SAVED_SELECTION_KEY)).promotionFilters[PROMO.id]).toEqual(
      {
        showRegistered: true,
        showNonRegistered: true,
      },
    );
  });

  it('shows the band saved for the promotion when the rep comes back', async () => {
    localStorage.setItem(
      SAVED_SELECTION_KEY,
      JSON.stringify({
        selectedRegions: ['Auckland'],
        selectedBranchIds: ['101', '102'],
        promotionFilters: {
          [PROMO.id]: { showRegistered: true, showNonRegistered: true, band: 'not-joined' },
        },
      }),
    );
    renderRep(PATH);
    const notJoined = EXPECTED['not-joined'];
    expect(
      await screen.findByText(`Showing 1–${Math.min(10, notJoined)} of ${notJoined} customers`),
    ).toBeInTheDocument();
    expect(bandButton('Not joined')).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByText('Not registered')).toHaveLength(Math.min(10, notJoined));
  });

  it('narrows the table and the bands to one selected branch from the address, with a way back', async () => {
    const user = userEvent.setup();
    renderRep(`${PATH}?branch=102`);
    expect(await screen.findByText('Showing 1–3 of 3 customers')).toBeInTheDocument();
    expect(screen.getByText('BNT East Tāmaki')).toBeInTheDocument();
    expect(searches().at(-1)?.filters?.branchID).toEqual(['102']);
    await waitFor(() =>
      expect(searches().find((request) => request.summary)?.filters?.branchID).toEqual(['102']),
    );
    await user.click(screen.getByRole('button', { name: 'Show all selected branches' }));
    expect(await screen.findByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
  });

  it('is drawn at its final size while the counts load: the bar empty, the band buttons disabled', async () => {
    let answerSummary: () => void = () => undefined;
    const summaryAnswered = new Promise<void>((resolve) => (answerSummary = resolve));
    const search = searchApi();
    api = mockApi({
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
      'GET /promotion/get': () => [PROMO],
      'POST /account/search': async (call) => {
        if ((call.body as AccountSearchRequest).summary) await summaryAnswered;
        return search(call);
      },
    });
    renderRep(PATH);
    expect(await screen.findByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
    const bands = screen.getByRole('region', { name: 'Customers by pace' });
    expect(bands).toHaveAttribute('aria-busy', 'true');
    expect(within(bands).getByRole('status')).toHaveTextContent('Loading pace bands…');
    const group = within(bands).getByRole('group', { name: 'Pace band filter' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['On pace', 'Slipping', 'Behind', 'Not joined']);
    for (const button of within(group).getAllByRole('button')) expect(button).toBeDisabled();

    answerSummary();
    expect(await screen.findByRole('button', { name: `On pace ${EXPECTED['on-pace']}` })).toBeEnabled();
    expect(bands).toHaveAttribute('aria-busy', 'false');
    expect(within(bands).queryByRole('status')).not.toBeInTheDocument();
  });

  it('keeps the table usable when the bands cannot be loaded, and retries them', async () => {
    const user = userEvent.setup();
    let failSummary = true;
    const search = searchApi();
    api = mockApi({
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
      'GET /promotion/get': () => [PROMO],
      'POST /account/search': (call) =>
        failSummary && (call.body as AccountSearchRequest).summary
          ? new Response(JSON.stringify({ error: 'Unavailable' }), { status: 503 })
          : search(call),
    });
    renderRep(PATH);
    expect(
      await screen.findByRole('heading', { name: 'The pace bands could not be loaded' }),
    ).toBeInTheDocument();
    // The table's own request is answered on its own time: it shows whatever the bands did.
    expect(await screen.findByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
    failSummary = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Customers by pace' })).toBeInTheDocument();
  });

  it('ignores a branch in the address that is not one of the rep’s selected branches', async () => {
    renderRep(`${PATH}?branch=999`);
    expect(await screen.findByText('Showing 1–10 of 23 customers')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show all selected branches' })).not.toBeInTheDocument();
  });
});

describe('Rep view of a customer’s promotion', () => {
  it('opens from a row, writes an audit event and shows the customer read-only', async () => {
    const user = userEvent.setup();
    renderRep(PATH);
    await screen.findByRole('table');
    await user.click(screen.getByRole('link', { name: 'Customer 1' }));

    expect(await screen.findByRole('heading', { name: 'Customer 1' })).toBeInTheDocument();
    await expectFrame('Customer 1 (back)');
    expect(screen.getByText('G100001')).toBeInTheDocument();
    expect(screen.getByText('5/November/2025 09:07PM')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Customer is not registered' })).toBeInTheDocument();
    expect(screen.getByText('$26,000.00', { selector: 'strong' })).toBeInTheDocument();
    // Whole dollars rounded up, as the customer's own pace advice shows it.
    expect(
      screen.getByText(/^Needs \$[\d,]+ per trading day to reach Target 2 \(\$[\d,]+\.\d\d to go\)\.$/),
    ).toBeInTheDocument();
    const divisions = screen.getByRole('heading', { name: 'Spend by division' }).closest('section')!;
    expect(within(divisions).getByText('Autolign').nextSibling).toHaveTextContent('$20,000.00');
    expect(within(divisions).getByText('BNT').nextSibling).toHaveTextContent('$6,000.00');
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Update Selection|Participate/ })).not.toBeInTheDocument();

    await waitFor(() =>
      expect(api.bodies('POST /audit/log')).toEqual([
        {
          source: 'salesrep',
          event: 'customer_promotion_view',
          data: { user: 'rep@demo.test', globalId: 'G100001', globalName: 'Customer 1' },
        },
      ]),
    );
    expect(api.calls.find((call) => call.path === '/account/get')?.query.get('ids')).toBe('G100001');
  });

  it('goes back to the same page of the table', async () => {
    const user = userEvent.setup();
    const { history } = renderRep(`${PATH}?page=2`);
    await screen.findByText('Showing 11–20 of 23 customers');
    await user.click(screen.getAllByRole('row')[3]!);
    expect(await screen.findByRole('heading', { name: 'Customer 1' })).toBeInTheDocument();
    expect(history.location.search).toBe('?page=2&customer=G100012');
    act(() => history.go(-1));
    expect(await screen.findByText('Showing 11–20 of 23 customers')).toBeInTheDocument();
  });

  it('shows the Global Account Details from the View link, as another audited view', async () => {
    const user = userEvent.setup();
    renderRep(`${PATH}?customer=G100001`);
    await user.click(await screen.findByRole('link', { name: 'View account details of Customer 1' }));
    expect(await screen.findByRole('heading', { name: 'Primary Details' })).toBeInTheDocument();
    await expectFrame('Global Account Details (back)');
    const primary = screen.getByRole('heading', { name: 'Primary Details' }).closest('section')!;
    expect(within(primary).getByText('Sales Rep').nextSibling).toHaveTextContent('SR021 Tevita Singh');
    expect(within(primary).getByText('Region').nextSibling).toHaveTextContent('Auckland');
    const secondary = screen.getByRole('heading', { name: 'Secondary Contact Details' }).closest('section')!;
    expect(within(secondary).getByText('accounts@customer1.co.nz')).toBeInTheDocument();
    const divisions = screen.getByRole('heading', { name: 'Division Accounts' }).closest('section')!;
    expect(within(divisions).getAllByRole('listitem')).toHaveLength(2);
    // A division's branch is named from the rep's branches, which may answer after the account.
    expect(await within(divisions).findByText('101 Autolign Penrose')).toBeInTheDocument();
    expect(within(divisions).getByText('SR023 Sione Tuilagi')).toBeInTheDocument();
    await waitFor(() =>
      expect(api.bodies<{ event: string }>('POST /audit/log').map((body) => body.event)).toEqual([
        'customer_promotion_view',
        'customer_account_view',
      ]),
    );
  });

  it('shows the server’s reason when the customer is outside the rep’s regions', async () => {
    vi.unstubAllGlobals();
    api = mockApi({
      'GET /promotion/get': () => [PROMO],
      'GET /account/get': () =>
        new Response(
          JSON.stringify({ error: 'Forbidden', message: 'Account G999 is outside your regions.' }),
          {
            status: 403,
          },
        ),
    });
    renderRep(`${PATH}?customer=G999`);
    expect(await screen.findByText('Account G999 is outside your regions.')).toBeInTheDocument();
    expect(api.bodies('POST /audit/log')).toEqual([]);
  });
});
