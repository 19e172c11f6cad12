import { HttpResponse } from 'msw';
import { currentSession } from '@promo/domain/session/session';
import { buildSession } from '@promo/domain/testing/data-generators';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORGOT_PASSWORD_CONFIRMATION } from '../../features/forgot-password/forgot-password-form';
import { SsoSignInButton } from '../../features/sign-in/sso-sign-in-button';
import { mockApi, renderPage } from '@promo/ui/testing';
import LoginPage from './login-page';

const email = () => screen.getByRole('textbox', { name: 'Email' });
// A password input has no role; its label reads 'Password *' (the star is hidden from screen readers).
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const signInButton = () => screen.getByRole('button', { name: 'Sign In' });

function fill(emailValue: string, passwordValue: string) {
  fireEvent.change(email(), { target: { value: emailValue } });
  fireEvent.change(password(), { target: { value: passwordValue } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoginPage', () => {
  it('offers email, password with show/hide, Sign In, Sign In with SSO, Forgot Password and Register Now', () => {
    mockApi({});
    const { title } = renderPage(<LoginPage />, { path: '/login' });
    expect(title()).toBe('Login');
    expect(email()).toBeRequired();
    expect(password()).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Show password' })).toBeInTheDocument();
    expect(signInButton()).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In with SSO' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/registration');
  });

  it('shows and hides the password', () => {
    mockApi({});
    renderPage(<LoginPage />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password()).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password()).toHaveAttribute('type', 'password');
  });

  it('keeps Sign In disabled until both email and password are filled', () => {
    mockApi({});
    renderPage(<LoginPage />, { path: '/login' });
    expect(signInButton()).toBeDisabled();
    fill('customer@demo.test', '');
    expect(signInButton()).toBeDisabled();
    fill('', 'Demo-pass1!');
    expect(signInButton()).toBeDisabled();
    fill('customer@demo.test', 'Demo-pass1!');
    expect(signInButton()).toBeEnabled();
  });

  it("signs in, says 'Successfully login.', refreshes the session and goes to /", async () => {
    const api = mockApi({
      'POST /session/login': { role: 'customer', userid: 'U1', accountid: 'G100001' },
      'GET /session/get': { role: 'customer', userid: 'U1', accountid: 'G100001' },
      'POST /user/get': [buildSession().user],
    });
    renderPage(<LoginPage />, { path: '/login' });
    fill(' customer@demo.test ', 'Demo-pass1!');
    fireEvent.click(signInButton());
    expect(await screen.findByText('Successfully login.')).toBeInTheDocument();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
    expect(api.bodies('POST /session/login')).toEqual([
      { email: 'customer@demo.test', password: 'Demo-pass1!' },
    ]);
    // The session was checked again before the page changed, so the shell's guards know the role.
    expect(currentSession.get().session).toEqual({
      role: 'customer',
      userid: 'U1',
      accountid: 'G100001',
      user: buildSession().user,
    });
  });

  it("reads 'Signing in…', disabled, while the answer is on its way", async () => {
    let answer: (session: unknown) => void = () => undefined;
    mockApi({
      'POST /session/login': () => new Promise((resolve) => (answer = resolve)),
      'GET /session/get': { role: 'customer', userid: 'U1', accountid: 'G100001' },
      'POST /user/get': [buildSession().user],
    });
    renderPage(<LoginPage />, { path: '/login' });
    fill('customer@demo.test', 'Demo-pass1!');
    fireEvent.click(signInButton());
    const pending = await screen.findByRole('button', { name: 'Signing in…' });
    expect(pending).toBeDisabled();
    answer({ role: 'customer', userid: 'U1', accountid: 'G100001' });
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
  });

  it("shows the server's text on failure and keeps what was typed", async () => {
    mockApi({
      'POST /session/login': HttpResponse.json({ message: 'Invalid email or password.' }, { status: 400 }),
    });
    renderPage(<LoginPage />, { path: '/login' });
    fill('customer@demo.test', 'wrong');
    fireEvent.click(signInButton());
    // The notification area's alert region is always there: wait for the text, not the region.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Invalid email or password.'));
    expect(email()).toHaveValue('customer@demo.test');
    expect(password()).toHaveValue('wrong');
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it("says 'Login failed. Please try again.' when the server gives no reason", async () => {
    mockApi({ 'POST /session/login': HttpResponse.json({}, { status: 500 }) });
    renderPage(<LoginPage />, { path: '/login' });
    fill('customer@demo.test', 'Demo-pass1!');
    fireEvent.click(signInButton());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Login failed. Please try again.'),
    );
  });
});

describe('LoginPage after too many attempts', () => {
  const TOO_MANY = 'Too many sign-in attempts. Try again in 1 minute.';

  it('tells of the refusal in the form, with the wait, instead of a toast, and keeps what was typed', async () => {
    mockApi({
      'POST /session/login': HttpResponse.json(
        { error: 'Too Many Requests', message: TOO_MANY },
        { status: 429 },
      ),
    });
    renderPage(<LoginPage />, { path: '/login' });
    fill('customer@demo.test', 'wrong-again');
    fireEvent.click(signInButton());
    expect(await screen.findByText(TOO_MANY)).toBeInTheDocument();
    // The toasts' area says nothing; the form's notice is the alert.
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['', TOO_MANY]);
    expect(email()).toHaveValue('customer@demo.test');
    expect(password()).toHaveValue('wrong-again');
    expect(signInButton()).toBeEnabled();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it('says to wait a few minutes when the refusal gives no reason', async () => {
    mockApi({ 'POST /session/login': HttpResponse.json({}, { status: 429 }) });
    renderPage(<LoginPage />, { path: '/login' });
    fill('customer@demo.test', 'wrong-again');
    fireEvent.click(signInButton());
    expect(
      await screen.findByText('Too many sign-in attempts. Please wait a few minutes and try again.'),
    ).toBeInTheDocument();
  });

  it('clears the message when the next attempt goes through', async () => {
    let attempts = 0;
    const session = { role: 'customer', userid: 'U1', accountid: 'G100001' };
    mockApi({
      'POST /session/login': () => {
        attempts += 1;
        return attempts === 1 ? HttpResponse.json({ message: TOO_MANY }, { status: 429 }) : session;
      },
      'GET /session/get': session,
      'POST /user/get': [buildSession().user],
    });
    renderPage(<LoginPage />, { path: '/login' });
    fill('customer@demo.test', 'Demo-pass1!');
    fireEvent.click(signInButton());
    expect(await screen.findByText(TOO_MANY)).toBeInTheDocument();
    fireEvent.click(signInButton());
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
    expect(screen.queryByText(TOO_MANY)).not.toBeInTheDocument();
  });
});

describe('SsoSignInButton', () => {
  it('asks the server for the consent URL and sends the browser there', async () => {
    const api = mockApi({
      'POST /auth0/get/auth/url': { consentUrl: 'https://idp.example.com/authorize?state=s1' },
    });
    const redirect = vi.fn();
    renderPage(<SsoSignInButton redirect={redirect} />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In with SSO' }));
    await waitFor(() => expect(redirect).toHaveBeenCalledWith('https://idp.example.com/authorize?state=s1'));
    expect(api.bodies('POST /auth0/get/auth/url')).toEqual([{}]);
  });

  it("shows the server's reason for a failure (503 while the identity provider cannot be reached), logs it, and can be used again", async () => {
    const reason =
      'Single sign-on is unavailable just now: the identity provider cannot be reached. ' +
      'Please try again in a few minutes, or sign in with your e-mail address and password.';
    mockApi({
      'POST /auth0/get/auth/url': HttpResponse.json(
        { error: 'Service Unavailable', message: reason },
        { status: 503 },
      ),
    });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const redirect = vi.fn();
    renderPage(<SsoSignInButton redirect={redirect} />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In with SSO' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(reason));
    expect(log).toHaveBeenCalledWith('Single sign-on could not start.', expect.anything());
    expect(redirect).not.toHaveBeenCalled();
    // The notification is drawn before the action ends, so the button comes back a moment later.
    expect(await screen.findByRole('button', { name: 'Sign In with SSO' })).toBeEnabled();
  });

  it('shows a default text when the server gives no reason', async () => {
    mockApi({ 'POST /auth0/get/auth/url': HttpResponse.json({}, { status: 500 }) });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<SsoSignInButton redirect={vi.fn()} />, { path: '/login' });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In with SSO' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Single sign-on could not start. Please try again.',
      ),
    );
  });
});

describe('the Forgot Password dialog', () => {
  /** The dialog's code loads when it is first opened. */
  function openDialog() {
    fireEvent.click(screen.getByRole('button', { name: 'Forgot Password' }));
    return screen.findByRole('dialog', { name: 'Forgot Password' });
  }

  it('is closed at first', () => {
    mockApi({});
    renderPage(<LoginPage />, { path: '/login' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens with Submit disabled while the email is empty, and Cancel closes it', async () => {
    mockApi({});
    renderPage(<LoginPage />, { path: '/login' });
    const dialog = await openDialog();
    const submit = within(dialog).getByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'a@b.co' } });
    expect(submit).toBeEnabled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends the email, then shows the confirmation and Back to Login', async () => {
    const api = mockApi({ 'POST /user/forgot/password': { ok: true } });
    renderPage(<LoginPage />, { path: '/login' });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), {
      target: { value: ' someone@example.com ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByText(FORGOT_PASSWORD_CONFIRMATION)).toBeInTheDocument();
    expect(FORGOT_PASSWORD_CONFIRMATION).toBe(
      'If the provided email address is associated with an account, a password reset link has been sent.',
    );
    expect(api.bodies('POST /user/forgot/password')).toEqual([{ email: 'someone@example.com' }]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Back to Login' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Opening it again starts afresh.
    expect(within(await openDialog()).getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  it("says 'Error encountered. Please try again.' on a failure and stays open", async () => {
    mockApi({ 'POST /user/forgot/password': HttpResponse.json({}, { status: 500 }) });
    renderPage(<LoginPage />, { path: '/login' });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'a@b.co' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Error encountered. Please try again.'),
    );
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('a@b.co');
  });

  it('tells of too many requests in the dialog, with the wait, and keeps the email', async () => {
    const TOO_MANY = 'Too many password reset requests. Try again in 15 minutes.';
    mockApi({ 'POST /user/forgot/password': HttpResponse.json({ message: TOO_MANY }, { status: 429 }) });
    renderPage(<LoginPage />, { path: '/login' });
    const dialog = await openDialog();
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Email' }), { target: { value: 'a@b.co' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TOO_MANY);
    expect(within(dialog).getByRole('textbox', { name: 'Email' })).toHaveValue('a@b.co');
    expect(within(dialog).queryByText(FORGOT_PASSWORD_CONFIRMATION)).not.toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['', TOO_MANY]);
  });
});
