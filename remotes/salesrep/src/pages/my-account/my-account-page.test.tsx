import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { buildRepSession } from '@promo/domain/testing/data-generators';
import { expectFrame, mockApi } from '@promo/ui/testing';
import { renderRep } from '../../testing/render-rep';

describe('Rep My Account', () => {
  beforeEach(() => {
    mockApi({
      'GET /notifications/preferences': {
        choices: [
          { kind: 'weekly-digest', channel: 'email', on: true },
          { kind: 'customer-unlocked', channel: 'push', on: false },
          { kind: 'customer-unlocked', channel: 'email', on: false },
        ],
        appBadge: false,
      },
    });
  });

  it('shows the signed-in email', async () => {
    renderRep('/salesrep/my-account');
    expect(await screen.findByRole('heading', { name: 'Signed in as' })).toBeInTheDocument();
    expect(screen.getByText('rep@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Rangi Parata')).toBeInTheDocument();
    expect(screen.getByText('Auckland, Waikato')).toBeInTheDocument();
    await expectFrame('My Account');
  });

  it('says when the rep has no regions', async () => {
    renderRep(
      '/salesrep/my-account',
      buildRepSession({ user: { email: 'new.rep@demo.test', allowedRegions: [] } }),
    );
    expect(await screen.findByText('new.rep@demo.test')).toBeInTheDocument();
    expect(screen.getByText('None assigned')).toBeInTheDocument();
  });

  it("has the Notifications section with the rep's kinds and no app badge", async () => {
    renderRep('/salesrep/my-account');
    const section = await screen.findByRole('region', { name: 'Notifications' });
    const digest = await within(section).findByRole('group', { name: 'Weekly summary of your customers' });
    expect(within(digest).getByRole('switch', { name: 'E-mail' })).toBeChecked();
    expect(within(section).getByRole('group', { name: 'A customer unlocks a target' })).toBeVisible();
    expect(within(section).queryByRole('group', { name: 'App badge' })).not.toBeInTheDocument();
  });
});
