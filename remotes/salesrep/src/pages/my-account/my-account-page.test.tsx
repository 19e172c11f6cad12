import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildRepSession } from '@promo/domain/testing/data-generators';
import { expectFrame } from '@promo/ui/testing';
import { renderRep } from '../../testing/render-rep';

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
    renderRep(
      '/salesrep/my-account',
      buildRepSession({ user: { email: 'new.rep@demo.test', allowedRegions: [] } }),
    );
    expect(await screen.findByText('new.rep@demo.test')).toBeInTheDocument();
    expect(screen.getByText('None assigned')).toBeInTheDocument();
  });
});
