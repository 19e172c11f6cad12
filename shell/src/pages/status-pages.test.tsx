import { render, screen } from '@testing-library/react';
import { AppRouter, AppRoutes, createAppMemoryHistory } from '@promo/ui/router';
import { describe, expect, it } from 'vitest';
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
});
