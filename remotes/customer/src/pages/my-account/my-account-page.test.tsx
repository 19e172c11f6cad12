import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { customerAccount } from '../../test-support/customer-data';
import { mockApi, unmountAndRestore } from '../../test-support/mock-api';
import { renderRoute } from '../../test-support/render-route';

afterEach(unmountAndRestore);

describe('MyAccountPage', () => {
  it('lists the linked accounts by supplier and account number, with a way to correct them', async () => {
    mockApi({
      'GET /account/get': [customerAccount()],
      'GET /configuration/get': [
        { id: 'division.details', value: [{ division: 'B', name: 'BNT', logo: { id: 'division-logo-B' } }] },
      ],
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
    mockApi({ 'GET /account/get': [customerAccount({ divisionDetails: [] })], 'GET /configuration/get': [] });
    renderRoute('/my-account');
    expect(
      await screen.findByText('No trading accounts are linked to your Ezy Rewards account yet.'),
    ).toBeVisible();
  });
});
