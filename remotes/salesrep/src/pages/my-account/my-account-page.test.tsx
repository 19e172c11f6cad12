import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectFrame, preloadPages, renderRep, repSession } from '../../testing/rep-test-app';

beforeAll(preloadPages, 30_000);

describe('Rep My Account', () => {
  it('shows the signed-in email', async () => {
    renderRep('/salesrep/my-account');
    expect(await screen.findByRole('heading', { name: 'Signed in as' })).toBeInTheDocument();
    expect(screen.getByText('rep@demo.test')).toBeInTheDocument();
    expect(screen.getByText('Rangi Parata')).toBeInTheDocument();
    expect(screen.getByText('Auckland, Waikato')).toBeInTheDocument();
    await expectFrame('My Account');
  });

  it('says when the rep has no regions', async () => {
    const session = repSession();
    renderRep('/salesrep/my-account', {
      session: { ...session, user: { ...session.user!, email: 'new.rep@demo.test', allowedRegions: [] } },
    });
    expect(await screen.findByText('new.rep@demo.test')).toBeInTheDocument();
    expect(screen.getByText('None assigned')).toBeInTheDocument();
  });
});
