import { ApiError, configureHttp } from '@promo/domain/http/http-client';
import { currentSession, provideEarlySession } from '@promo/domain/session/session';
import type { SessionInfo } from '@promo/domain/types';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRouter, AppRoutes, createAppMemoryHistory, Outlet, useLocation } from '@promo/ui/router';
import { apiError, mockApi } from '@promo/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LogoutPage } from '../pages/logout-page';
import { SessionGate } from './session-gate';

function Where() {
  return <p>at {useLocation().pathname}</p>;
}

/** The shell's frame in small: the gate around every route, the real logout page, a stand-in login. */
function renderShellAt(path: string) {
  const history = createAppMemoryHistory([path]);
  // As bootstrap.tsx configures it: any 401 sends the browser to /logout.
  configureHttp({
    baseUrl: '/api/v1',
    onUnauthorized: () => {
      if (history.location.pathname !== '/logout') history.replace('/logout');
    },
  });
  const routes = [
    {
      element: (
        <SessionGate>
          <Outlet />
        </SessionGate>
      ),
      children: [
        { path: '/logout', element: <LogoutPage /> },
        { path: '/login', element: <p>Login screen</p> },
        { path: '*', element: <Where /> },
      ],
    },
  ];
  render(
    <AppRouter history={history}>
      <AppRoutes routes={routes} />
    </AppRouter>,
  );
}

const signInAgain = () => apiError(401, 'Please sign in.');

const CUSTOMER: SessionInfo = { role: 'customer', userid: 'U1', accountid: 'G100001' };

describe('SessionGate', () => {
  let errors: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    localStorage.clear();
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.restoreAllMocks();
    configureHttp({ onUnauthorized: () => undefined });
  });

  it.each([
    ['/session/get', { 'GET /session/get': signInAgain }],
    [
      '/user/get, while /session/get still says signed in',
      { 'GET /session/get': CUSTOMER, 'POST /user/get': signInAgain },
    ],
  ] satisfies [string, Parameters<typeof mockApi>[0]][])(
    'signs out and ends on /login when the first check gets a 401 from %s',
    async (_case, answers) => {
      const api = mockApi({ ...answers, 'GET /session/logout': { ok: true } });
      renderShellAt('/promotions/P1');
      void currentSession.check().catch(() => undefined);

      expect(await screen.findByText('Login screen')).toBeInTheDocument();
      expect(screen.queryByText(/unexpected error/)).not.toBeInTheDocument();
      expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
      expect(api.callsTo('GET', '/session/logout')).not.toHaveLength(0);
      expect(errors).toHaveBeenCalledWith('The session could not be checked.', expect.any(ApiError));
    },
  );

  it('signs out when the early /user/get of the shell entry was refused as well', async () => {
    mockApi({ 'POST /user/get': signInAgain, 'GET /session/logout': { ok: true } });
    provideEarlySession(Promise.resolve(CUSTOMER), Promise.reject(new Error('/user/get answered 401.')));
    renderShellAt('/');
    void currentSession.check().catch(() => undefined);
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('lets /logout through while the session is still unknown', async () => {
    mockApi({ 'GET /session/logout': { ok: true } });
    renderShellAt('/logout');
    expect(currentSession.get().status).toBe('pending');
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('says the sign-in could not be checked on a server error, logs it, and tries again on request', async () => {
    let sessionAnswer: () => unknown = () => apiError(500, 'Database unavailable');
    mockApi({ 'GET /session/get': () => sessionAnswer() });
    renderShellAt('/privacy-policy');
    void currentSession.check().catch(() => undefined);

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('We could not check your sign-in');
    expect(screen.queryByText(/unexpected error/)).not.toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('The session could not be checked.', expect.any(ApiError));

    sessionAnswer = () => ({ role: 'anonymous', userid: '0' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('at /privacy-policy')).toBeInTheDocument();
  });
});
