import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { provideQueryClient } from '@promo/domain/remote-contract';
import {
  buildBranches,
  buildMultiTargetPromotion,
  promotionDates,
} from '@promo/domain/testing/data-generators';
import { describeRemoteRoutes, mockApi } from '@promo/ui/testing';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import * as routesModule from './routes';
import { renderRep } from './testing/render-rep';

const promotion = () => buildMultiTargetPromotion(promotionDates(Date.now()));

afterEach(() => localStorage.clear());

describeRemoteRoutes(routesModule, 'salesrep', {
  pages: [
    { url: '/salesrep', role: 'heading', name: 'Current Promotions' },
    { url: '/salesrep/promotions/PROMO-TierUp-Hampers', role: 'heading', name: 'No customers found' },
    { url: '/salesrep/my-branches', role: 'heading', name: '2 selected branches' },
    { url: '/salesrep/select-branches', role: 'group', name: 'Regions' },
    { url: '/salesrep/my-account', role: 'heading', name: 'Signed in as' },
  ],
  render: (url) => {
    localStorage.setItem(
      SAVED_SELECTION_KEY,
      JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] }),
    );
    mockApi({
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
      'GET /promotion/get': () => [promotion()],
      'POST /account/search': () => ({ ids: [], items: [], total: 0 }),
    });
    renderRep(url);
  },
});

describe('the salesrep remote preloading a route', () => {
  it("starts a promotion page's promotion before the page renders, and only that", async () => {
    const api = mockApi({ 'GET /promotion/get': () => [promotion()] });
    const client = Promise.resolve(new QueryClient());
    provideQueryClient(() => client);
    void routesModule.preloadRoute('/salesrep/promotions/PROMO-TierUp-Hampers');
    await waitFor(() => expect(api.calls).toHaveLength(1));
    expect(api.calls[0]?.path).toBe('/promotion/get');
    expect(api.calls[0]?.query.get('ids')).toBe('PROMO-TierUp-Hampers');
    void routesModule.preloadRoute('/salesrep/my-account');
    await client;
    expect(api.calls).toHaveLength(1);
  });
});
