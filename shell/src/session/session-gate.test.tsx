import { ApiError, configureHttp } from '@promo/domain/http/http-client';
import { currentSession, provideEarlySession } from '@promo/domain/session/session';
import type { SessionInfo } from '@promo/domain/types';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRouter, AppRoutes, createAppMemoryHistory, Outlet, useLocation } from '@promo/ui/router';
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

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The API by "METHOD /path"; anything else is a 404. */
function stubApi(answers: Record<string, () => Response>) {
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://app.nz').pathname.replace('/api/v1', '')}`;
    const answer = answers[key];
    return Promise.resolve(answer ? answer() : json({ message: 'Not found' }, 404));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const CUSTOMER: SessionInfo = { role: 'customer', userid: 'U1', accountid: 'G100001' };

describe('SessionGate', () => {
  let errors: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    localStorage.clear();
    errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    configureHttp({ onUnauthorized: () => undefined });
  });

  it.each([
    ['/session/get', { 'GET /session/get': () => json({ message: 'Please sign in.' }, 401) }],
    [
      '/user/get, while /session/get still says signed in',
      {
        'GET /session/get': () => json(CUSTOMER),
        'POST /user/get': () => json({ message: 'Please sign in.' }, 401),
      },
    ],
  ])('signs out and ends on /login when the first check gets a 401 from %s', async (_case, answers) => {
    const fetchMock = stubApi({ ...answers, 'GET /session/logout': () => json({ ok: true }) });
    renderShellAt('/promotions/P1');
    void currentSession.check().catch(() => undefined);

    expect(await screen.findByText('Login screen')).toBeInTheDocument();
    expect(screen.queryByText(/unexpected error/)).not.toBeInTheDocument();
    expect(currentSession.get().session).toMatchObject({ role: 'anonymous' });
    expect(fetchMock.mock.calls.some(([url]) => url.endsWith('/session/logout'))).toBe(true);
    expect(errors).toHaveBeenCalledWith('The session could not be checked.', expect.any(ApiError));
  });

  it('signs out when the early /user/get of the shell entry was refused as well', async () => {
    stubApi({
      'POST /user/get': () => json({ message: 'Please sign in.' }, 401),
      'GET /session/logout': () => json({ ok: true }),
    });
    provideEarlySession(Promise.resolve(CUSTOMER), Promise.reject(new Error('/user/get answered 401.')));
    renderShellAt('/');
    void currentSession.check().catch(() => undefined);
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('lets /logout through while the session is still unknown', async () => {
    stubApi({ 'GET /session/logout': () => json({ ok: true }) });
    renderShellAt('/logout');
    expect(currentSession.get().status).toBe('pending');
    expect(await screen.findByText('Login screen')).toBeInTheDocument();
  });

  it('says the sign-in could not be checked on a server error, logs it, and tries again on request', async () => {
    let sessionAnswer = () => json({ message: 'Database unavailable' }, 500);
    stubApi({ 'GET /session/get': () => sessionAnswer() });
    renderShellAt('/privacy-policy');
    void currentSession.check().catch(() => undefined);

    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('We could not check your sign-in');
    expect(screen.queryByText(/unexpected error/)).not.toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith('The session could not be checked.', expect.any(ApiError));

    sessionAnswer = () => json({ role: 'anonymous', userid: '0' });
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('at /privacy-policy')).toBeInTheDocument();
  });
});
