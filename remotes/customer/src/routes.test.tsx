import { patternsOf } from '@promo/domain/paths';
import { provideQueryClient } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session/session';
import { buildSession } from '@promo/domain/testing/data-generators';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import * as routesModule from './routes';
import { customerAccount, foodPackPromotion } from './test-support/customer-data';
import { mockApi, unmountAndRestore } from './test-support/mock-api';
import { renderRoute } from './test-support/render-route';

function routePaths(routes: RouteObject[]): string[] {
  return routes.flatMap((route) => [
    ...(route.path ? [route.path] : []),
    ...routePaths(route.children ?? []),
  ]);
}

afterEach(unmountAndRestore);

// The shell/remote contract (shared/promo-domain/src/paths.ts), checked at build time rather than
// discovered in the browser.
describe('the customer remote routes module', () => {
  it('names itself as the shell expects', () => {
    expect(routesModule.remote).toBe('customer');
  });

  it('renders only absolute paths that the shell mounts for it', () => {
    const paths = routePaths(routesModule.createRoutes());
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(patternsOf('customer')).toContain(path);
  });

  it('renders every pattern the shell mounts for it', () => {
    expect(routePaths(routesModule.createRoutes()).toSorted()).toEqual(patternsOf('customer').toSorted());
  });

  it.each([
    ['/', 'Home', 'New Promotions'],
    ['/account-confirmation', 'Account Confirmation', 'Confirm your linked accounts'],
    ['/promotions/:id', 'Summer Food Pack Promotion (back)', 'Participate'],
    ['/my-account', 'My Account (back)', 'Linked accounts'],
    ['/spend-calculation', 'Tier Calculation (back)', 'How your targets are calculated'],
  ])('renders a page for %s', async (pattern, title, content) => {
    const status = pattern === '/account-confirmation' ? 'unconfirmed' : 'confirmed';
    mockApi({
      'GET /account/get': [customerAccount({ associationsConfirmationStatus: status })],
      'GET /promotion/get': [foodPackPromotion()],
      'GET /configuration/get': [],
      'POST /account/update/tracking': { ok: true },
    });
    renderRoute(pattern.replace(':id', 'PROMO-FoodPack-Summer'));
    expect(
      await screen.findByRole(content === 'Participate' ? 'button' : 'heading', { name: content }),
    ).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('frame')).toHaveTextContent(title));
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it("starts the dashboard's promotions and the customer's account before the page renders", async () => {
    const api = mockApi({
      'GET /account/get': [customerAccount()],
      'GET /promotion/get': [foodPackPromotion({ heroImage: { id: 'hero-food-pack' } })],
    });
    const client = Promise.resolve(new QueryClient());
    provideQueryClient(() => client);
    currentSession.set(buildSession());
    void routesModule.preloadRoute('/');
    await waitFor(() => expect(api.callsTo('GET', '/account/get')).toHaveLength(1));
    expect(api.callsTo('GET', '/promotion/get')).toHaveLength(1);
    // Then the first card's hero, before the page has rendered it.
    const heroes = () => [
      ...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]'),
    ];
    await waitFor(() => expect(heroes()).toHaveLength(1));
    expect(heroes()[0]?.href).toContain('/file/image/hero-food-pack');
    // Called again on every navigation: what is cached is not asked for twice.
    void routesModule.preloadRoute('/');
    await client;
    expect(api.calls).toHaveLength(2);
    await waitFor(() => expect(heroes()).toHaveLength(1));
    heroes().forEach((link) => link.remove());
  });

  it('starts only the promotion on its detail page (the page refetches the account itself)', async () => {
    const api = mockApi({ 'GET /promotion/get': [foodPackPromotion()] });
    const client = Promise.resolve(new QueryClient());
    provideQueryClient(() => client);
    currentSession.set(buildSession());
    void routesModule.preloadRoute('/promotions/PROMO-FoodPack-Summer');
    await waitFor(() => expect(api.callsTo('GET', '/promotion/get')).toHaveLength(1));
    expect(api.callsTo('GET', '/promotion/get')[0]?.query.get('ids')).toBe('PROMO-FoodPack-Summer');
    expect(api.calls).toHaveLength(1);
  });
});
