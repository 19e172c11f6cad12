import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { mockApi, unmountAndRestore } from '../../test-support/mock-api';
import { renderRoute } from '../../test-support/render-route';

afterEach(unmountAndRestore);

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
