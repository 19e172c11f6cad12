import { render, screen } from '@testing-library/react';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppUnavailablePage } from './app-unavailable-page';
import { ErrorPage } from './error-page';
import { NotFoundPage } from './not-found-page';

describe('status pages', () => {
  it('the not-found page says so and links home', () => {
    render(
      <AppRouter history={createAppMemoryHistory(['/nope'])}>
        <AppRoutes routes={[{ path: '*', element: <NotFoundPage /> }]} />
      </AppRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
  });

  it('the error page shows the generic texts', () => {
    render(<ErrorPage />);
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeInTheDocument();
    expect(screen.getByText('Sorry, an unexpected error has occurred.')).toBeInTheDocument();
  });

  it('the app-unavailable page says the app could not be loaded and reloads on "Try again"', async () => {
    const reload = vi.fn();
    render(<AppUnavailablePage reload={reload} />);
    expect(screen.getByRole('alert')).toHaveTextContent('The app could not be loaded');
    expect(screen.queryByText('Sorry, an unexpected error has occurred.')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
