import { buildAccount, buildLinkedAccounts, buildSession } from '@promo/domain/testing/data-generators';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '@promo/ui/testing';
import { createRoutes } from '../../routes';

/** The customer remote's routes at `url`, for a signed-in customer. */
/** The customer's notification choices, all off (the section itself: notification-settings.test.tsx). */
const NO_CHOICES = {
  choices: (['target-unlocked', 'target-near', 'choice-closing', 'promotion-ending'] as const).flatMap(
    (kind) => (['push', 'email'] as const).map((channel) => ({ kind, channel, on: false })),
  ),
  appBadge: false,
};

const renderRoute = (url: string, session = buildSession()) => renderRoutes(createRoutes(), { url, session });

describe('MyAccountPage', () => {
  it('lists the linked accounts by supplier and account number, with a way to correct them', async () => {
    mockApi({
      'GET /account/get': [
        buildAccount({ name: 'Kahikatea Auto Repairs Ltd', divisionDetails: buildLinkedAccounts() }),
      ],
      'GET /configuration/get': [
        { id: 'division.details', value: [{ division: 'B', name: 'BNT', logo: { id: 'division-logo-B' } }] },
      ],
      'GET /notifications/preferences': NO_CHOICES,
    });
    renderRoute('/my-account');
    const table = await screen.findByRole('table', { name: 'Your linked trading accounts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'ATL10001',
      'BNT10002',
      'NZB10003',
    ]);
    expect(await within(table).findByRole('img', { name: 'BNT' })).toBeVisible();
    // Without a logo in the configuration the supplier's name stands in.
    expect(within(table).getByText('Autolign')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(screen.getByRole('heading', { name: 'Kahikatea Auto Repairs Ltd' })).toBeVisible();
    expect(screen.getByTestId('frame')).toHaveTextContent('My Account (back)');
  });

  it('says so when no account is linked', async () => {
    mockApi({
      'GET /account/get': [buildAccount({ divisionDetails: [] })],
      'GET /configuration/get': [],
      'GET /notifications/preferences': NO_CHOICES,
    });
    renderRoute('/my-account');
    expect(
      await screen.findByText('No trading accounts are linked to your Ezy Rewards account yet.'),
    ).toBeVisible();
  });

  it('has the Notifications section, with the app badge', async () => {
    mockApi({
      'GET /account/get': [buildAccount({ divisionDetails: [] })],
      'GET /configuration/get': [],
      'GET /notifications/preferences': NO_CHOICES,
    });
    renderRoute('/my-account');
    const section = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(section).findByRole('group', { name: 'You unlock a target' })).toBeVisible();
    expect(within(section).getByRole('group', { name: 'App badge' })).toBeVisible();
    expect(within(section).getByRole('button', { name: 'Save' })).toBeVisible();
  });
});
