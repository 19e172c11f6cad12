import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createAppMemoryHistory, type AppHistory } from './app-history';
import { AppRouter, AppRoutes } from './app-router';

const ROUTES = [
  { path: '/', element: <p>Home</p> },
  { path: '/logout', element: <p>Signing out</p> },
];

/** Navigates while it first renders: before the router above it has subscribed to the history. */
function NavigatesOnFirstRender({ history, to }: { history: AppHistory; to: string }) {
  if (history.location.pathname !== to && !history.location.state) history.replace(to, { once: true });
  return null;
}

describe('AppRouter', () => {
  it('shows the route of a navigation made before it listened to the history', async () => {
    const history = createAppMemoryHistory(['/']);
    render(
      <AppRouter history={history}>
        <NavigatesOnFirstRender history={history} to="/logout" />
        <AppRoutes routes={ROUTES} />
      </AppRouter>,
    );
    expect(await screen.findByText('Signing out')).toBeInTheDocument();
    expect(screen.queryByText('Home')).not.toBeInTheDocument();
  });

  it('follows later navigations', async () => {
    const history = createAppMemoryHistory(['/']);
    render(
      <AppRouter history={history}>
        <AppRoutes routes={ROUTES} />
      </AppRouter>,
    );
    expect(screen.getByText('Home')).toBeInTheDocument();
    history.push('/logout');
    expect(await screen.findByText('Signing out')).toBeInTheDocument();
  });
});
