import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, postedTo, renderPage } from '../../testing/render-page';
import Auth0CallbackPage from './auth0-callback-page';

const PATH = '/auth0/callback';

/** The page's error notice (the notification area has its own alert region). */
function errorNotice(): HTMLElement {
  const section = screen.getByRole('heading', { name: 'Authentication Error' }).closest('section');
  if (!section) throw new Error('no notice');
  expect(section).toHaveAttribute('role', 'alert');
  return section;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Auth0CallbackPage', () => {
  it("shows 'Authentication Error' with the error and its description, and signs no one in", () => {
    const fetch = mockApi({});
    renderPage(<Auth0CallbackPage />, {
      path: PATH,
      url: `${PATH}?error=access_denied&error_description=The%20user%20cancelled%20the%20sign-in.&state=s1`,
    });
    const alert = errorNotice();
    expect(alert).toHaveTextContent('access_denied');
    expect(alert).toHaveTextContent('The user cancelled the sign-in.');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("says 'Redirecting...' while it exchanges the code as a rep, once, then goes to /", async () => {
    let answer: (value: { body: unknown }) => void = () => undefined;
    const fetch = mockApi({
      'POST /session/login': () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage(<Auth0CallbackPage />, { path: PATH, url: `${PATH}?code=c1&state=s1` });
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => expect(postedTo(fetch, '/session/login')).toHaveLength(1));
    answer({ body: { role: 'rep', userid: 'R1' } });
    expect(await screen.findByTestId('location')).toHaveTextContent(/^\/$/);
    expect(postedTo(fetch, '/session/login')).toEqual([{ code: 'c1', state: 's1', isRepSSO: true }]);
  });

  it('shows an Authentication Error with the reason when the exchange fails', async () => {
    mockApi({
      'POST /session/login': {
        status: 400,
        body: { message: 'Single sign-on failed: this sign-in link was already used.' },
      },
    });
    renderPage(<Auth0CallbackPage />, { path: PATH, url: `${PATH}?code=c1&state=s1` });
    await screen.findByRole('heading', { name: 'Authentication Error' });
    expect(errorNotice()).toHaveTextContent('Single sign-on failed: this sign-in link was already used.');
  });

  it('treats a return without code or state as an error', () => {
    const fetch = mockApi({});
    renderPage(<Auth0CallbackPage />, { path: PATH, url: `${PATH}?code=c1` });
    expect(errorNotice()).toHaveTextContent('The sign-in response has no code or state.');
    expect(fetch).not.toHaveBeenCalled();
  });
});
