import { buildSession } from '@promo/domain/testing/data-generators';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderRoutes } from '@promo/ui/testing';
import { createRoutes } from '../../routes';

/** The customer remote's routes at `url`, for a signed-in customer. */
const renderRoute = (url: string, session = buildSession()) => renderRoutes(createRoutes(), { url, session });

describe('SpendCalculationPage', () => {
  it('explains the baseline: Aug-Sep 2025 average daily spend (43 trading days) times the 25 trading days', async () => {
    mockApi({});
    renderRoute('/spend-calculation');
    expect(await screen.findByRole('heading', { name: 'How your targets are calculated' })).toBeVisible();
    expect(screen.getByText(/August to September 2025 trading period/)).toHaveTextContent(
      '(43 trading days)',
    );
    expect(screen.getByText(/25 trading days/, { selector: 'strong' })).toBeVisible();
    await waitFor(() => expect(screen.getByTestId('frame')).toHaveTextContent('Tier Calculation (back)'));
  });
});
