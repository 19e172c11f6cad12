import { buildUser } from '@promo/domain/testing/data-generators';
import { HttpResponse } from 'msw';
import { PASSWORD_RULE_TEXT } from '@promo/domain/validation/validation.rules';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { mockApi, renderPage } from '@promo/ui/testing';
import ResetPasswordPage from './reset-password-page';

const PATH = '/reset-password';
const URL_WITH_LINK = `${PATH}?hash=h1&email=aroha%40example.com`;
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirm Password/, { selector: 'input' });
const confirm = () => screen.getByRole('button', { name: 'Confirm' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  // TanStack Query's online manager follows the events: back online for the next test.
  window.dispatchEvent(new Event('online'));
});

describe('ResetPasswordPage', () => {
  it.each([
    ['no query at all', PATH],
    ['no email', `${PATH}?hash=h1`],
    ['no hash', `${PATH}?email=aroha%40example.com`],
  ])('goes to / with %s', (_case, url) => {
    mockApi({});
    renderPage(<ResetPasswordPage />, { path: PATH, url });
    expect(screen.getByTestId('elsewhere')).toHaveTextContent(/^\/$/);
  });

  it('shows the reset rule text with the password', () => {
    mockApi({});
    renderPage(<ResetPasswordPage />, { path: PATH, url: URL_WITH_LINK });
    expect(password()).toHaveAccessibleDescription(PASSWORD_RULE_TEXT.reset);
  });

  it('keeps Confirm disabled unless the password is filled and equals the confirmation', () => {
    mockApi({});
    renderPage(<ResetPasswordPage />, { path: PATH, url: URL_WITH_LINK });
    expect(confirm()).toBeDisabled();
    fireEvent.change(password(), { target: { value: 'New-pass1!' } });
    expect(confirm()).toBeDisabled();
    fireEvent.change(confirmation(), { target: { value: 'New-pass1' } });
    expect(confirm()).toBeDisabled();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    fireEvent.change(confirmation(), { target: { value: 'New-pass1!' } });
    expect(confirm()).toBeEnabled();
  });

  it('sets the password with the link, says so, signs in with the new password and goes to /', async () => {
    const api = mockApi({
      'POST /user/reset/password': { ok: true },
      'POST /session/login': { role: 'customer', userid: 'U1', accountid: 'G1' },
      // Signed in, the app reads the session it now has and its user.
      'GET /session/get': { role: 'customer', userid: 'U1', accountid: 'G1' },
      'POST /user/get': [buildUser({ id: 'U1' })],
    });
    renderPage(<ResetPasswordPage />, { path: PATH, url: URL_WITH_LINK });
    fireEvent.change(password(), { target: { value: 'New-pass1!' } });
    fireEvent.change(confirmation(), { target: { value: 'New-pass1!' } });
    fireEvent.click(confirm());
    expect(await screen.findByText('Password reset successfully.')).toBeInTheDocument();
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
    expect(api.bodies('POST /user/reset/password')).toEqual([
      { email: 'aroha@example.com', hash: 'h1', password: 'New-pass1!' },
    ]);
    expect(api.bodies('POST /session/login')).toEqual([
      { email: 'aroha@example.com', password: 'New-pass1!' },
    ]);
  });

  it("reads 'Saving…', disabled, from the reset until the sign-in with the new password answered", async () => {
    let answer: (session: unknown) => void = () => undefined;
    mockApi({
      'POST /user/reset/password': { ok: true },
      'POST /session/login': () => new Promise((resolve) => (answer = resolve)),
      'GET /session/get': { role: 'customer', userid: 'U1', accountid: 'G1' },
      'POST /user/get': [buildUser({ id: 'U1' })],
    });
    renderPage(<ResetPasswordPage />, { path: PATH, url: URL_WITH_LINK });
    fireEvent.change(password(), { target: { value: 'New-pass1!' } });
    fireEvent.change(confirmation(), { target: { value: 'New-pass1!' } });
    fireEvent.click(confirm());
    expect(await screen.findByText('Password reset successfully.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    answer({ role: 'customer', userid: 'U1', accountid: 'G1' });
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
  });

  it("shows the server's text when the reset fails, and stays", async () => {
    mockApi({
      'POST /user/reset/password': HttpResponse.json(
        { message: 'This password link is not valid or has already been used.' },
        { status: 400 },
      ),
    });
    renderPage(<ResetPasswordPage />, { path: PATH, url: URL_WITH_LINK });
    fireEvent.change(password(), { target: { value: 'New-pass1!' } });
    fireEvent.change(confirmation(), { target: { value: 'New-pass1!' } });
    fireEvent.click(confirm());
    expect(
      await screen.findByText('This password link is not valid or has already been used.'),
    ).toBeInTheDocument();
    // The notification shows as the request fails; Confirm comes back once the attempt has ended.
    await waitFor(() => expect(confirm()).toBeEnabled());
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });

  it("says 'Reset password failed. Please try again.' without a server text", async () => {
    mockApi({ 'POST /user/reset/password': HttpResponse.json({}, { status: 500 }) });
    renderPage(<ResetPasswordPage />, { path: PATH, url: URL_WITH_LINK });
    fireEvent.change(password(), { target: { value: 'New-pass1!' } });
    fireEvent.change(confirmation(), { target: { value: 'New-pass1!' } });
    fireEvent.click(confirm());
    await waitFor(() =>
      expect(screen.getByText('Reset password failed. Please try again.')).toBeInTheDocument(),
    );
  });
  it('while offline sends nothing, says so beside Confirm and keeps both passwords', async () => {
    const api = mockApi({ 'POST /user/reset/password': { ok: true } });
    renderPage(<ResetPasswordPage />, { path: PATH, url: URL_WITH_LINK });
    fireEvent.change(password(), { target: { value: 'New-pass1!' } });
    fireEvent.change(confirmation(), { target: { value: 'New-pass1!' } });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    fireEvent.click(confirm());
    const notice = await screen.findByText(OFFLINE_ACTION_MESSAGE);
    expect(confirm().previousElementSibling).toContainElement(notice);
    expect(password()).toHaveValue('New-pass1!');
    expect(confirmation()).toHaveValue('New-pass1!');
    expect(confirm()).toBeEnabled();
    expect(api.bodies('POST /user/reset/password')).toEqual([]);
    expect(screen.queryByText('Reset password failed. Please try again.')).not.toBeInTheDocument();
  });
});
