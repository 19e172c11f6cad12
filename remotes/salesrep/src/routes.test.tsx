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
import { accountView, branchRollupView, customerView } from './pages/promotion/promotion-views';
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
      'GET /notifications/preferences': () => ({ choices: [], appBadge: false }),
    });
    renderRep(url);
  },
});

/**
 * Preloads a route with its first requests answered; once `count` requests went out, the paths
 * asked for (sorted) and the API's record.
 */
async function preload(pathname: string, search: string | undefined, count: number) {
  const api = mockApi({
    'GET /promotion/get': () => [promotion()],
    'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
    'GET /account/get': () => [buildAccount({ id: 'G100001' })],
  });
  const client = Promise.resolve(new QueryClient());
  provideQueryClient(() => client);
  void routesModule.preloadRoute(pathname, search);
  await waitFor(() => expect(api.calls).toHaveLength(count));
  return { api, client, paths: api.calls.map((call) => call.path).sort() };
}

const PROMOTION_PAGE = '/salesrep/promotions/PROMO-TierUp-Hampers';

describe('the salesrep remote preloading a route', () => {
  it("starts a promotion page's promotion and the rep's branches before the page renders, and only those", async () => {
    const { api, client, paths } = await preload(PROMOTION_PAGE, undefined, 2);
    expect(paths).toEqual(['/configuration/get', '/promotion/get']);
    expect(api.calls.find((call) => call.path === '/promotion/get')?.query.get('ids')).toBe(
      'PROMO-TierUp-Hampers',
    );
    void routesModule.preloadRoute('/salesrep/my-account');
    await client;
    expect(api.calls).toHaveLength(2);
  });

  it("starts a customer's view with its code, the promotion and the customer's account, not the branches", async () => {
    const viewCode = vi.spyOn(customerView, 'preload');
    const { api, paths } = await preload(PROMOTION_PAGE, '?customer=G100001', 2);
    expect(viewCode).toHaveBeenCalledTimes(1);
    expect(paths).toEqual(['/account/get', '/promotion/get']);
    expect(api.calls.find((call) => call.path === '/account/get')?.query.get('ids')).toBe('G100001');
  });

  it("starts a customer's account details with their code, the account and the branches they are shown with", async () => {
    const viewCode = vi.spyOn(accountView, 'preload');
    const { paths } = await preload(PROMOTION_PAGE, '?customer=G100001&view=account', 3);
    expect(viewCode).toHaveBeenCalledTimes(1);
    expect(paths).toEqual(['/account/get', '/configuration/get', '/promotion/get']);
  });

  it("starts the branch roll-up's code with the page's, and the page's promotion and branches", async () => {
    const viewCode = vi.spyOn(branchRollupView, 'preload');
    const { paths } = await preload(PROMOTION_PAGE, '?view=branches', 2);
    expect(viewCode).toHaveBeenCalledTimes(1);
    expect(paths).toEqual(['/configuration/get', '/promotion/get']);
  });

  it("starts the dashboard's current promotions and the rep's branches", async () => {
    const { paths } = await preload('/salesrep', undefined, 2);
    expect(paths).toEqual(['/configuration/get', '/promotion/get']);
  });
});
