import {
  buildAccount,
  buildMultiTargetPromotion,
  buildSession,
  buildSingleTargetPromotion,
  DAY_MS,
} from '@promo/domain/testing/data-generators';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, mockApi, renderRoutes } from '@promo/ui/testing';
import { createRoutes } from '../../routes';

/** The customer remote's routes at `url`, for a signed-in customer. */
const renderRoute = (url: string, session = buildSession()) => renderRoutes(createRoutes(), { url, session });

/** Joined to the hamper promotion (an active one) and not to the food pack (a new one). */
const hamperCustomer = (overrides: Parameters<typeof buildAccount>[0] = {}) =>
  buildAccount({ enrolledPromotions: [{ promotionID: 'PROMO-TierUp-Hampers' }], ...overrides });

describe('DashboardPage', () => {
  it("shows 'New Promotions' and 'Active Promotions' cards with their way in", async () => {
    mockApi({
      'GET /account/get': [hamperCustomer()],
      'GET /promotion/get': [
        buildMultiTargetPromotion(),
        buildSingleTargetPromotion(),
        buildSingleTargetPromotion({ id: 'PROMO-Old', name: 'Spring Meat Pack Promotion', status: 'done' }),
        buildSingleTargetPromotion({ id: 'PROMO-Broken', name: 'Broken Promotion', error: 'Bad data' }),
      ],
    });
    renderRoute('/');

    const newSection = await screen.findByRole('region', { name: 'New Promotions' });
    expect(within(newSection).getByRole('heading', { name: 'Summer Food Pack Promotion' })).toBeVisible();
    expect(within(newSection).getByRole('link', { name: 'View Details' })).toHaveAttribute(
      'href',
      '/promotions/PROMO-FoodPack-Summer',
    );
    const active = screen.getByRole('region', { name: 'Active Promotions' });
    expect(within(active).getByRole('heading', { name: 'Tier Up Hamper Challenge' })).toBeVisible();
    expect(within(active).getByRole('link', { name: 'Track Promo' })).toHaveAttribute(
      'href',
      '/promotions/PROMO-TierUp-Hampers',
    );
    expect(screen.queryByText('Spring Meat Pack Promotion')).not.toBeInTheDocument();
    expect(screen.queryByText('Broken Promotion')).not.toBeInTheDocument();
    expect(screen.getByTestId('frame')).toHaveTextContent('Home');
  });

  it("loads the first card's hero at once and the heroes below it lazily", async () => {
    mockApi({
      'GET /account/get': [hamperCustomer()],
      'GET /promotion/get': [
        buildMultiTargetPromotion({ heroImage: { id: 'hamper-hero' } }),
        buildSingleTargetPromotion({ heroImage: { id: 'food-hero' } }),
        buildSingleTargetPromotion({
          id: 'PROMO-Second',
          name: 'Second Promotion',
          heroImage: { id: 'second-hero' },
        }),
      ],
    });
    const { container } = renderRoute('/');

    await screen.findByRole('region', { name: 'New Promotions' });
    const heroes = [...container.querySelectorAll('article img')];
    expect(heroes.map((img) => [img.getAttribute('src'), img.getAttribute('loading')])).toEqual([
      [expect.stringContaining('food-hero'), 'eager'],
      [expect.stringContaining('second-hero'), 'lazy'],
      [expect.stringContaining('hamper-hero'), 'lazy'],
    ]);
    expect(heroes[0]).toHaveAttribute('fetchpriority', 'high');
    expect(heroes[1]).toHaveAttribute('fetchpriority', 'auto');
  });

  it('fetches only promotions ended at most 90 days ago and starting at most 60 days ahead', async () => {
    const api = mockApi({ 'GET /account/get': [hamperCustomer()], 'GET /promotion/get': [] });
    const before = Date.now();
    renderRoute('/');
    await screen.findByText('No Active Promotions');
    const query = api.callsTo('GET', '/promotion/get')[0]?.query;
    const endFrom = Number(query?.get('endTimestampMoreThanEqual'));
    const startTo = Number(query?.get('startTimestampLessThanEqual'));
    expect(Math.abs(endFrom - (before - 90 * DAY_MS))).toBeLessThan(60_000);
    expect(Math.abs(startTo - (before + 60 * DAY_MS))).toBeLessThan(60_000);
  });

  it("says 'No Active Promotions' when there is nothing to show", async () => {
    mockApi({
      'GET /account/get': [hamperCustomer()],
      'GET /promotion/get': [buildSingleTargetPromotion({ status: 'done' })],
    });
    renderRoute('/');
    expect(await screen.findByText('No Active Promotions')).toBeVisible();
    expect(
      screen.getByText('You have no current promotions available. Please check back regularly.'),
    ).toBeVisible();
  });

  it('sends a customer whose accounts are not confirmed to the account confirmation', async () => {
    mockApi({
      'GET /account/get': [hamperCustomer({ associationsConfirmationStatus: 'unconfirmed' })],
      'GET /promotion/get': [],
      'GET /configuration/get': [],
    });
    const { history } = renderRoute('/');
    expect(await screen.findByRole('heading', { name: 'Confirm your linked accounts' })).toBeVisible();
    expect(history.location.pathname).toBe('/account-confirmation');
  });

  it('sends a session without an account to /logout', async () => {
    // The promotions load beside the account check; the page leaves before it shows them.
    mockApi({ 'GET /promotion/get': [] });
    renderRoute('/', buildSession({ accountid: undefined }));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/logout');
  });

  it('sends an account that no longer exists to /logout', async () => {
    mockApi({ 'GET /account/get': [], 'GET /promotion/get': [] });
    renderRoute('/');
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/logout');
  });

  it('offers to try again when loading fails', async () => {
    let fail = true;
    mockApi({
      'GET /account/get': () => (fail ? apiError(500, 'Down') : [hamperCustomer()]),
      'GET /promotion/get': [buildSingleTargetPromotion()],
    });
    renderRoute('/');
    expect(await screen.findByText('Your promotions could not be loaded')).toBeVisible();
    // The server answered, with an error: not a connection problem.
    const failure = screen.getByText('Your promotions could not be loaded').closest('[role="alert"]');
    expect(failure).toHaveTextContent('The server could not answer just now. Try again in a moment.');
    expect(document.body).not.toHaveTextContent('Check your connection');
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'New Promotions' })).toBeVisible();
  });
});
