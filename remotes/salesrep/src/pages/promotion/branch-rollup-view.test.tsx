import { PACE_BANDS, paceBand, promotionPace } from '@promo/domain/rep/rep-progress.rules';
import { parseSavedSelection, SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import type {
  AccountSearchItem,
  AccountSearchRequest,
  BranchRollup,
  PaceBand,
  PaceBandCounts,
} from '@promo/domain/types';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
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
const BRANCHES = buildBranches();

/**
 * 14 customers with falling spend, every third not registered. G100000-G100009 trade with branch 101
 * (Autolign Penrose), G100008-G100013 with 102 (BNT East Tāmaki): G100008 and G100009 with both.
 */
const CUSTOMERS: AccountSearchItem[] = Array.from({ length: 14 }, (_, index) => ({
  id: `G1000${String(index).padStart(2, '0')}`,
  name: `Customer ${index}`,
  primaryRegion: 'Auckland',
  customerIds: [`ATL${10_000 + index}`],
  totalSpend: 30_000 - index * 2000,
  percentageAchieved: Math.min(1, (30_000 - index * 2000) / 25_000),
  targets: [{ targetNumber: 1, amount: 25_000 }],
  firstTarget: 25_000,
  enrolled: index % 3 !== 2,
}));
const branchesOf = (customer: AccountSearchItem): string[] => {
  const index = Number(customer.id.slice(1)) - 100_000;
  return [...(index <= 9 ? ['101'] : []), ...(index >= 8 ? ['102'] : [])];
};
const bandOf = (customer: AccountSearchItem): PaceBand =>
  paceBand(customer, promotionPace(Date.now(), PROMO.startTimestamp, PROMO.endTimestamp));
const bandCounts = (customers: AccountSearchItem[]) =>
  Object.fromEntries(
    PACE_BANDS.map((band) => [band, customers.filter((customer) => bandOf(customer) === band).length]),
  ) as PaceBandCounts;

/** The server's answer, as POST /account/search gives it: the table's page, bands, a roll-up per branch. */
function searchApi({ body }: { body: unknown }) {
  const request = body as AccountSearchRequest;
  const branchIds = [request.filters?.branchID ?? []].flat();
  let matches = CUSTOMERS.filter((customer) => branchesOf(customer).some((id) => branchIds.includes(id)));
  if (request.filters?.enrolledIn) matches = matches.filter((customer) => customer.enrolled);
  if (request.filters?.notEnrolledIn) matches = matches.filter((customer) => !customer.enrolled);
  const band = request.filters?.band;
  if (band) matches = matches.filter((customer) => [band].flat().includes(bandOf(customer)));
  const offset = request.offset ?? 0;
  const page = request.totalOnly ? [] : matches.slice(offset, offset + (request.limit ?? 10));
  const branches = BRANCHES.filter((branch) => branchIds.includes(branch.branchID)).map(
    (branch): BranchRollup => {
      const at = matches.filter((customer) => branchesOf(customer).includes(branch.branchID));
      return {
        branchID: branch.branchID,
        branchName: branch.branchName,
        region: branch.region,
        customers: at.length,
        joined: at.filter((customer) => customer.enrolled).length,
        totalSpend: at.reduce((sum, customer) => sum + customer.totalSpend, 0),
        firstTargetTotal: at.reduce((sum, customer) => sum + customer.firstTarget, 0),
        bands: bandCounts(at),
      };
    },
  );
  return {
    ids: page.map((item) => item.id),
    items: page,
    total: matches.length,
    ...(request.summary
      ? { summary: { bands: bandCounts(matches), ...(request.summary === 'branches' ? { branches } : {}) } }
      : {}),
  };
}

const AT_101 = CUSTOMERS.filter((customer) => branchesOf(customer).includes('101'));
const AT_102 = CUSTOMERS.filter((customer) => branchesOf(customer).includes('102'));
const spend = (customers: AccountSearchItem[]) =>
  customers.reduce((sum, customer) => sum + customer.totalSpend, 0);

function saveSelection(promotionFilters?: Record<string, unknown>) {
  localStorage.setItem(
    SAVED_SELECTION_KEY,
    JSON.stringify({
      selectedRegions: ['Auckland'],
      selectedBranchIds: ['101', '102'],
      ...(promotionFilters ? { promotionFilters: { [PROMO.id]: promotionFilters } } : {}),
    }),
  );
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  saveSelection();
  api = mockApi({
    'GET /configuration/get': () => [{ id: 'branch.details', value: BRANCHES }],
    'GET /promotion/get': () => [PROMO],
    'POST /account/search': searchApi,
  });
});
afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

const searches = () => api.bodies<AccountSearchRequest>('POST /account/search');
const table = () => screen.getByRole('table');
const branchNames = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => within(cell).getByRole('link').textContent);
const rowOf = (name: string) => screen.getByRole('link', { name }).closest('tr')!;
const cells = (name: string) =>
  within(rowOf(name))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Rep promotion details: the branch roll-up', () => {
  it('lists each selected branch with its customers, joined, spend against targets and bands', async () => {
    renderRep(`${PATH}?view=branches`);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await expectFrame('Tier Up Hamper Challenge (back)');
    const views = screen.getByRole('navigation', { name: 'Promotion views' });
    expect(within(views).getByRole('link', { name: 'Branches' })).toHaveAttribute('aria-current', 'page');
    expect(within(views).getByRole('link', { name: 'Customers' })).not.toHaveAttribute('aria-current');
    expect(searches()).toEqual([
      {
        filters: { hasTargetsFor: PROMO.id, branchID: ['101', '102'] },
        totalOnly: true,
        summary: 'branches',
      },
    ]);
    expect(branchNames()).toEqual(['Autolign Penrose', 'BNT East Tāmaki']);
    expect(within(rowOf('Autolign Penrose')).getByText('Auckland')).toBeInTheDocument();
    const joined101 = AT_101.filter((customer) => customer.enrolled).length;
    expect(cells('Autolign Penrose').slice(0, 5)).toEqual([
      '10',
      String(joined101),
      `$${spend(AT_101).toLocaleString('en-NZ')}`,
      '$250,000',
      `${Math.floor((spend(AT_101) / 250_000) * 100)}%`,
    ]);
    const bands = bandCounts(AT_102);
    // The bands in words beside the bar, so the colours are not the only cue.
    expect(cells('BNT East Tāmaki')[5]).toBe(
      `On pace ${bands['on-pace']}, Slipping ${bands.slipping}, Behind ${bands.behind}, Not joined ${bands['not-joined']}`,
    );
    // The two branches share two customers: 14 in all.
    expect(screen.getByText(/^2 branches, 14 customers with targets$/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Branch/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('sorts by a column header, both ways, and keeps the sort in the address', async () => {
    const user = userEvent.setup();
    const { history } = renderRep(`${PATH}?view=branches`);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: /Total Spend/ }));
    expect(screen.getByRole('columnheader', { name: /Total Spend/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(screen.getByRole('columnheader', { name: /Branch/ })).not.toHaveAttribute('aria-sort');
    expect(branchNames()).toEqual(['Autolign Penrose', 'BNT East Tāmaki']);
    expect(history.location.search).toBe('?view=branches&rsort=totalSpend&rdir=desc');
    await user.click(screen.getByRole('button', { name: /Total Spend/ }));
    expect(screen.getByRole('columnheader', { name: /Total Spend/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(branchNames()).toEqual(['BNT East Tāmaki', 'Autolign Penrose']);
    expect(history.location.search).toBe('?view=branches&rsort=totalSpend');
    // Sorting in the browser: one request for the figures, whatever the order.
    expect(searches()).toHaveLength(1);
  });

  it('opens the sort the address names', async () => {
    renderRep(`${PATH}?view=branches&rsort=customers&rdir=asc`);
    await screen.findByRole('table');
    expect(screen.getByRole('columnheader', { name: /Customers/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(branchNames()).toEqual(['BNT East Tāmaki', 'Autolign Penrose']);
  });

  it('opens a branch’s customers in the table, whose total is the branch’s count, and comes back', async () => {
    const user = userEvent.setup();
    const { history } = renderRep(`${PATH}?view=branches&rsort=joined&rdir=desc&sort=totalSpend&page=2`);
    await screen.findByRole('table');
    expect(cells('BNT East Tāmaki')[0]).toBe('6');
    await user.click(screen.getByRole('link', { name: 'BNT East Tāmaki' }));
    expect(await screen.findByText('Showing 1–6 of 6 customers')).toBeInTheDocument();
    expect(screen.getByText('BNT East Tāmaki', { selector: 'strong' })).toBeInTheDocument();
    expect(history.location.search).toBe('?rsort=joined&rdir=desc&sort=totalSpend&branch=102');
    expect(searches().at(-1)?.filters?.branchID).toEqual(['102']);
    const views = screen.getByRole('navigation', { name: 'Promotion views' });
    expect(within(views).getByRole('link', { name: 'Customers' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(views).getByRole('link', { name: 'Branches' }));
    expect(await screen.findByRole('columnheader', { name: /Joined/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(history.location.search).toBe('?rsort=joined&rdir=desc&sort=totalSpend&branch=102&view=branches');
    act(() => history.go(-1));
    expect(await screen.findByText('Showing 1–6 of 6 customers')).toBeInTheDocument();
  });

  it('opens a branch from anywhere on its row, on every band', async () => {
    saveSelection({ showRegistered: true, showNonRegistered: true, band: 'not-joined' });
    const user = userEvent.setup();
    renderRep(`${PATH}?view=branches`);
    await screen.findByRole('table');
    const customers = cells('Autolign Penrose')[0];
    await user.click(within(rowOf('Autolign Penrose')).getAllByRole('cell')[2]!);
    expect(await screen.findByText(`Showing 1–10 of ${customers} customers`)).toBeInTheDocument();
    expect(parseSavedSelection(localStorage.getItem(SAVED_SELECTION_KEY)).promotionFilters[PROMO.id]).toEqual(
      {
        showRegistered: true,
        showNonRegistered: true,
      },
    );
  });

  it('counts the customers the saved registered filter shows', async () => {
    saveSelection({ showRegistered: true, showNonRegistered: false });
    renderRep(`${PATH}?view=branches`);
    await screen.findByRole('table');
    expect(searches()[0]?.filters).toEqual({
      hasTargetsFor: PROMO.id,
      enrolledIn: PROMO.id,
      branchID: ['101', '102'],
    });
    const joined = AT_101.filter((customer) => customer.enrolled).length;
    expect(cells('Autolign Penrose').slice(0, 2)).toEqual([String(joined), String(joined)]);
    expect(screen.getByText(/registered customers only/)).toBeInTheDocument();
  });

  it('says there is nobody to count when neither Registered nor Non Registered is chosen', async () => {
    saveSelection({ showRegistered: false, showNonRegistered: false });
    renderRep(`${PATH}?view=branches`);
    expect(await screen.findByRole('heading', { name: 'No customers to show' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(searches()).toEqual([]);
  });

  it('sends a rep without branches to Select Branches', async () => {
    localStorage.clear();
    const { history } = renderRep(`${PATH}?view=branches`);
    await waitFor(() => expect(history.location.pathname).toBe('/salesrep/select-branches'));
  });

  it('says when the figures cannot be loaded, and tries again', async () => {
    let fail = true;
    api = mockApi({
      'POST /account/search': (call) =>
        fail ? new Response(JSON.stringify({ error: 'Internal' }), { status: 500 }) : searchApi(call),
    });
    const user = userEvent.setup();
    renderRep(`${PATH}?view=branches`);
    expect(
      await screen.findByRole('heading', { name: 'The branches could not be loaded' }),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeInTheDocument();
  });

  it('exports the roll-up as CSV, a record per branch in its order', async () => {
    const user = userEvent.setup();
    const downloads = captureDownloads();
    renderRep(`${PATH}?view=branches&rsort=customers&rdir=asc`);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('Exported 2 branches.')).toHaveAttribute('role', 'status');
    expect(downloads.names()).toEqual([
      expect.stringMatching(/^branches-promo-tierup-hampers-\d{4}-\d{2}-\d{2}\.csv$/),
    ]);
    const lines = ((await downloads.lines())[0] ?? []).filter((line) => line !== '');
    expect(lines[0]).toBe(
      'Branch ID,Branch,Region,Customers,Joined,Total Spend,Targets,% of Targets,On pace,Slipping,Behind,Not joined',
    );
    const bands = bandCounts(AT_102);
    expect(lines.slice(1)).toEqual([
      `102,BNT East Tāmaki,Auckland,6,${AT_102.filter((customer) => customer.enrolled).length},${spend(AT_102)},150000,${Math.round((spend(AT_102) / 150_000) * 1000) / 10},${PACE_BANDS.map((band) => bands[band]).join(',')}`,
      expect.stringMatching(/^101,Autolign Penrose,Auckland,10,/),
    ]);
  });
});
