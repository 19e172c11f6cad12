import type { AccountSearchRequest } from '@promo/domain/types';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  buildBranches,
  buildMultiTargetPromotion,
  promotionDates,
} from '@promo/domain/testing/data-generators';
import { apiError, expectFrame, mockApi } from '@promo/ui/testing';
import { renderRep } from '../../testing/render-rep';

/** A promotion running now. */
const promotion = (overrides: Parameters<typeof buildMultiTargetPromotion>[0] = {}) =>
  buildMultiTargetPromotion({ ...promotionDates(Date.now()), ...overrides });

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const TOTALS: Record<string, { joined: number; targeted: number }> = {
  'PROMO-TierUp-Hampers': { joined: 306, targeted: 672 },
  'PROMO-FoodPack-Summer': { joined: 1247, targeted: 2648 },
};

function api(options: { failCounts?: boolean } = {}) {
  return mockApi({
    'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
    'GET /promotion/get': () => [
      promotion({
        id: 'PROMO-FoodPack-Summer',
        name: 'Summer Food Pack Promotion',
        startTimestamp: Date.now() - 5e8,
      }),
      promotion(),
      promotion({ id: 'PROMO-MeatPack-Spring', name: 'Spring Meat Pack', status: 'done' }),
      promotion({ id: 'PROMO-Broken', name: 'Broken', error: 'bad' }),
    ],
    'POST /account/search': ({ body }) => {
      if (options.failCounts) return apiError(500, 'Down');
      const request = body as AccountSearchRequest;
      const id = request.filters?.enrolledIn ?? request.filters?.hasTargetsFor ?? '';
      const totals = TOTALS[id] ?? { joined: 0, targeted: 0 };
      return { ids: [], items: [], total: request.filters?.enrolledIn ? totals.joined : totals.targeted };
    },
  });
}

describe('Rep dashboard', () => {
  beforeEach(() =>
    localStorage.setItem(
      SAVED_SELECTION_KEY,
      JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] }),
    ),
  );

  it('shows the current promotions with the joined/target customer count of the selected branches', async () => {
    const { bodies } = api();
    renderRep('/salesrep');
    expect(await screen.findByRole('heading', { name: 'Current Promotions' })).toBeInTheDocument();
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Tier Up Hamper Challenge',
      'Summer Food Pack Promotion',
    ]);
    expect(await within(cards[0]!).findByText('306 / 672')).toBeInTheDocument();
    expect(await within(cards[1]!).findByText('1,247 / 2,648')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'View Customers' })).toHaveAttribute(
      'href',
      '/salesrep/promotions/PROMO-TierUp-Hampers',
    );
    expect(bodies<AccountSearchRequest>('POST /account/search')).toContainEqual({
      totalOnly: true,
      filters: { enrolledIn: 'PROMO-TierUp-Hampers', branchID: ['101', '102'] },
    });
    expect(bodies<AccountSearchRequest>('POST /account/search')).toContainEqual({
      totalOnly: true,
      filters: { hasTargetsFor: 'PROMO-TierUp-Hampers', branchID: ['101', '102'] },
    });
    expect(screen.getByRole('link', { name: 'Go to Division/Region/Branches' })).toHaveAttribute(
      'href',
      '/salesrep/select-branches',
    );
    expect(screen.getByText('Customers at 2 branches in Auckland')).toBeInTheDocument();
    await expectFrame('Home');
  });

  it('says when a count cannot be loaded and retries it', async () => {
    api({ failCounts: true });
    const user = userEvent.setup();
    renderRep('/salesrep');
    // Each card shows its own count's failure when that count answers.
    await waitFor(() => expect(screen.getAllByText('Customer count unavailable.')).toHaveLength(2));
    const retries = screen.getAllByRole('button', { name: 'Try again' });
    vi.unstubAllGlobals();
    api();
    await user.click(retries[0]!);
    expect(await screen.findByText('306 / 672')).toBeInTheDocument();
    expect(screen.getAllByText('Customer count unavailable.')).toHaveLength(1);
  });
});

describe('Rep dashboard without a selection', () => {
  it('sends the rep to Select Branches', async () => {
    api();
    renderRep('/salesrep');
    expect(await screen.findByRole('group', { name: 'Regions' })).toBeInTheDocument();
  });

  it('sends the rep to Select Branches when the saved branches are outside their regions', async () => {
    localStorage.setItem(
      SAVED_SELECTION_KEY,
      JSON.stringify({ selectedRegions: ['Otago'], selectedBranchIds: ['901'] }),
    );
    api();
    renderRep('/salesrep');
    expect(await screen.findByRole('group', { name: 'Regions' })).toBeInTheDocument();
  });
});
