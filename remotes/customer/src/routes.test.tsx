import { provideQueryClient } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session/session';
import {
  buildAccount,
  buildLinkedAccounts,
  buildSession,
  buildSingleTargetPromotion,
  promotionDates,
} from '@promo/domain/testing/data-generators';
import type { Promotion } from '@promo/domain/types';
import { describeRemoteRoutes, mockApi, renderRoutes } from '@promo/ui/testing';
import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import * as routesModule from './routes';

/** The food pack promotion, running today (its page offers Participate until the end). */
const foodPackPromotion = (overrides: Partial<Promotion> = {}) =>
  buildSingleTargetPromotion({ ...promotionDates(Date.now()), ...overrides });

describeRemoteRoutes(routesModule, 'customer', {
  pages: [
    { url: '/', role: 'heading', name: 'New Promotions', title: 'Home' },
    {
      url: '/account-confirmation',
      role: 'heading',
      name: 'Confirm your linked accounts',
      title: 'Account Confirmation',
    },
    {
      url: '/promotions/PROMO-FoodPack-Summer',
      role: 'button',
      name: 'Participate',
      title: 'Summer Food Pack Promotion (back)',
    },
    { url: '/my-account', role: 'heading', name: 'Linked accounts', title: 'My Account (back)' },
    {
      url: '/spend-calculation',
      role: 'heading',
      name: 'How your targets are calculated',
      title: 'Tier Calculation (back)',
    },
  ],
  render: (url) => {
    const status = url === '/account-confirmation' ? 'unconfirmed' : 'confirmed';
    mockApi({
      'GET /account/get': [
        buildAccount({ divisionDetails: buildLinkedAccounts(), associationsConfirmationStatus: status }),
      ],
      'GET /promotion/get': [foodPackPromotion()],
      'GET /configuration/get': [],
      'POST /account/update/tracking': { ok: true },
      'GET /notifications/preferences': { choices: [], appBadge: false },
    });
    renderRoutes(routesModule.createRoutes(), { url, session: buildSession() });
  },
});

describe('the customer remote preloading a route', () => {
  it("starts the dashboard's promotions and the customer's account before the page renders", async () => {
    const api = mockApi({
      'GET /account/get': [buildAccount()],
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

  it('starts the promotion and the division details on its detail page (the page refetches the account itself)', async () => {
    const api = mockApi({ 'GET /promotion/get': [foodPackPromotion()], 'GET /configuration/get': [] });
    const client = Promise.resolve(new QueryClient());
    provideQueryClient(() => client);
    currentSession.set(buildSession());
    void routesModule.preloadRoute('/promotions/PROMO-FoodPack-Summer');
    await waitFor(() => expect(api.callsTo('GET', '/promotion/get')).toHaveLength(1));
    expect(api.callsTo('GET', '/promotion/get')[0]?.query.get('ids')).toBe('PROMO-FoodPack-Summer');
    await waitFor(() => expect(api.callsTo('GET', '/configuration/get')).toHaveLength(1));
    expect(api.callsTo('GET', '/account/get')).toHaveLength(0);
    // Called again on every navigation: the division details are cached, not asked for again.
    void routesModule.preloadRoute('/promotions/PROMO-FoodPack-Summer');
    await client;
    expect(api.callsTo('GET', '/configuration/get')).toHaveLength(1);
  });
});
