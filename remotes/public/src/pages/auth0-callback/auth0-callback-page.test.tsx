import { buildRepUser } from '@promo/domain/testing/data-generators';
import { HttpResponse } from 'msw';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@promo/ui/testing';
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
    const api = mockApi({});
    renderPage(<Auth0CallbackPage />, {
      path: PATH,
      url: `${PATH}?error=access_denied&error_description=The%20user%20cancelled%20the%20sign-in.&state=s1`,
    });
    const alert = errorNotice();
    expect(alert).toHaveTextContent('access_denied');
    expect(alert).toHaveTextContent('The user cancelled the sign-in.');
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
    expect(api.calls).toEqual([]);
  });

  it("says 'Redirecting...' while it exchanges the code as a rep, once, then goes to /", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = mockApi({
      'POST /session/login': () => new Promise((resolve) => (answer = resolve)),
      // Signed in, the app reads the session it now has and its user.
      'GET /session/get': { role: 'rep', userid: 'R1' },
      'POST /user/get': [buildRepUser({ id: 'R1' })],
    });
    renderPage(<Auth0CallbackPage />, { path: PATH, url: `${PATH}?code=c1&state=s1` });
    expect(screen.getByText('Redirecting...')).toBeInTheDocument();
    await waitFor(() => expect(api.bodies('POST /session/login')).toHaveLength(1));
    answer({ role: 'rep', userid: 'R1' });
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
    expect(api.bodies('POST /session/login')).toEqual([{ code: 'c1', state: 's1', isRepSSO: true }]);
  });

  it("passes on the provider's iss, for the server to check it is the provider it sent the rep to", async () => {
    const api = mockApi({
      'POST /session/login': { role: 'rep', userid: 'R1' },
      'GET /session/get': { role: 'rep', userid: 'R1' },
      'POST /user/get': [buildRepUser({ id: 'R1' })],
    });
    const iss = 'https://idp.example.com';
    renderPage(<Auth0CallbackPage />, {
      path: PATH,
      url: `${PATH}?code=c1&state=s1&iss=${encodeURIComponent(iss)}`,
    });
    await waitFor(() =>
      expect(api.bodies('POST /session/login')).toEqual([{ code: 'c1', state: 's1', iss, isRepSSO: true }]),
    );
  });

  it('shows an Authentication Error with the reason when the exchange fails', async () => {
    mockApi({
      'POST /session/login': HttpResponse.json(
        {
          message:
            'Single sign-on failed: this sign-in link was already used. Choose "Sign In with SSO" to start again.',
        },
        { status: 400 },
      ),
    });
    renderPage(<Auth0CallbackPage />, { path: PATH, url: `${PATH}?code=c1&state=s1` });
    await screen.findByRole('heading', { name: 'Authentication Error' });
    expect(errorNotice()).toHaveTextContent('Single sign-on failed: this sign-in link was already used.');
  });

  it('treats a return without code or state as an error', () => {
    const api = mockApi({});
    renderPage(<Auth0CallbackPage />, { path: PATH, url: `${PATH}?code=c1` });
    expect(errorNotice()).toHaveTextContent('The sign-in response has no code or state.');
    expect(api.calls).toEqual([]);
  });
});
