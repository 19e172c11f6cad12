import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { provideQueryClient } from '@promo/domain/remote-contract';
import {
  buildAccount,
  buildBranches,
  buildMultiTargetPromotion,
  promotionDates,
} from '@promo/domain/testing/data-generators';
import { describeRemoteRoutes, mockApi } from '@promo/ui/testing';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { branchRollupView, customerView } from './pages/promotion/promotion-views';
import * as routesModule from './routes';
import { renderRep } from './testing/render-rep';

const promotion = () => buildMultiTargetPromotion(promotionDates(Date.now()));

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

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
  it("starts a promotion page's promotion and the rep's branches before the page renders, and only those", async () => {
    const api = mockApi({
      'GET /promotion/get': () => [promotion()],
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
    });
    const client = Promise.resolve(new QueryClient());
    provideQueryClient(() => client);
    void routesModule.preloadRoute('/salesrep/promotions/PROMO-TierUp-Hampers');
    await waitFor(() => expect(api.calls).toHaveLength(2));
    const promotionCall = api.calls.find((call) => call.path === '/promotion/get');
    expect(promotionCall?.query.get('ids')).toBe('PROMO-TierUp-Hampers');
    expect(api.calls.map((call) => call.path).sort()).toEqual(['/configuration/get', '/promotion/get']);
    void routesModule.preloadRoute('/salesrep/my-account');
    await client;
    expect(api.calls).toHaveLength(2);
  });

  it("starts a customer's view with its code, the promotion and the customer's account, not the branches", async () => {
    const api = mockApi({
      'GET /promotion/get': () => [promotion()],
      'GET /account/get': () => [buildAccount({ id: 'G100001' })],
    });
    provideQueryClient(() => Promise.resolve(new QueryClient()));
    const viewCode = vi.spyOn(customerView, 'preload');
    void routesModule.preloadRoute('/salesrep/promotions/PROMO-TierUp-Hampers', '?customer=G100001');
    expect(viewCode).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls.map((call) => call.path).sort()).toEqual(['/account/get', '/promotion/get']);
    expect(api.calls.find((call) => call.path === '/account/get')?.query.get('ids')).toBe('G100001');
  });

  it("starts the branch roll-up's code with the page's, and the page's promotion and branches", async () => {
    const api = mockApi({
      'GET /promotion/get': () => [promotion()],
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
    });
    provideQueryClient(() => Promise.resolve(new QueryClient()));
    const viewCode = vi.spyOn(branchRollupView, 'preload');
    void routesModule.preloadRoute('/salesrep/promotions/PROMO-TierUp-Hampers', '?view=branches');
    expect(viewCode).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls.map((call) => call.path).sort()).toEqual(['/configuration/get', '/promotion/get']);
  });

  it("starts the dashboard's current promotions and the rep's branches", async () => {
    const api = mockApi({
      'GET /promotion/get': () => [promotion()],
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
    });
    provideQueryClient(() => Promise.resolve(new QueryClient()));
    void routesModule.preloadRoute('/salesrep');
    await waitFor(() => expect(api.calls).toHaveLength(2));
    expect(api.calls.map((call) => call.path).sort()).toEqual(['/configuration/get', '/promotion/get']);
  });
});
