import { patternsOf } from '@promo/domain/paths';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { provideQueryClient } from '@promo/domain/remote-contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import * as routesModule from './routes';
import { fakeApi, preloadPages, promotion, renderRep, TEST_BRANCHES } from './testing/rep-test-app';

function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

// The shell/remote contract (shared/promo-domain/src/paths.ts), checked at build time rather than
// discovered in the browser.
describe('the salesrep remote routes module', () => {
  it('names itself as the shell expects', () => {
    expect(routesModule.remote).toBe('salesrep');
  });

  it('renders only absolute paths that the shell mounts for it', () => {
    const paths = routePaths(routesModule.createRoutes());
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(patternsOf('salesrep')).toContain(path);
  });

  it('renders every pattern the shell mounts for it, once', () => {
    const paths = routePaths(routesModule.createRoutes());
    expect(paths.toSorted()).toEqual(patternsOf('salesrep').toSorted());
    expect(new Set(paths).size).toBe(paths.length);
  });

  it("starts a promotion page's promotion before the page renders, and only that", async () => {
    const api = fakeApi({ 'GET /promotion/get': () => [promotion()] });
    try {
      const client = Promise.resolve(new QueryClient());
      provideQueryClient(() => client);
      void routesModule.preloadRoute('/salesrep/promotions/PROMO-TierUp-Hampers');
      await waitFor(() => expect(api.calls).toHaveLength(1));
      expect(api.calls[0]?.path).toBe('/promotion/get');
      expect(api.calls[0]?.query.get('ids')).toBe('PROMO-TierUp-Hampers');
      void routesModule.preloadRoute('/salesrep/my-account');
      await client;
      expect(api.calls).toHaveLength(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('each salesrep pattern shows its page', () => {
  beforeAll(preloadPages, 30_000);
  beforeEach(() => {
    localStorage.setItem(
      SAVED_SELECTION_KEY,
      JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] }),
    );
    fakeApi({
      'GET /configuration/get': () => [{ id: 'branch.details', value: TEST_BRANCHES }],
      'GET /promotion/get': () => [promotion()],
      'POST /account/search': () => ({ ids: [], items: [], total: 0 }),
    });
  });
  afterEach(() => {
    localStorage.clear();
    vi.unstubAllGlobals();
  });

  const pages: [string, 'heading' | 'group', string][] = [
    ['/salesrep', 'heading', 'Current Promotions'],
    ['/salesrep/promotions/PROMO-TierUp-Hampers', 'heading', 'No customers found'],
    ['/salesrep/my-branches', 'heading', '2 selected branches'],
    ['/salesrep/select-branches', 'group', 'Regions'],
    ['/salesrep/my-account', 'heading', 'Signed in as'],
  ];
  it.each(pages)('%s', async (path, role, name) => {
    renderRep(path);
    expect(await screen.findByRole(role, { name })).toBeInTheDocument();
    expect(screen.queryByText(/^at \//)).not.toBeInTheDocument();
  });

  it('covers every mounted pattern', () => {
    for (const pattern of patternsOf('salesrep'))
      expect(pages.some(([path]) => matches(pattern, path))).toBe(true);
  });
});

function matches(pattern: string, path: string): boolean {
  return new RegExp(`^${pattern.replace(/:[^/]+/g, '[^/]+')}$`).test(path);
}
