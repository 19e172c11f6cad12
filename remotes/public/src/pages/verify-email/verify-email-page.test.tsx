import { buildUser } from '@promo/domain/testing/data-generators';
import { HttpResponse } from 'msw';
import { PASSWORD_RULE_TEXT } from '@promo/domain/validation/validation.rules';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { mockApi, renderPage } from '@promo/ui/testing';
import VerifyEmailPage from './verify-email-page';

const PATH = '/verify-email';
const URL_WITH_LINK = `${PATH}?hash=v1&phash=p1&email=new.customer%40example.com`;
const password = () => screen.getByLabelText(/^Password/, { selector: 'input' });
const confirmation = () => screen.getByLabelText(/^Confirm Password/, { selector: 'input' });
const confirm = () => screen.getByRole('button', { name: 'Confirm' });

function typeMatchingPasswords() {
  fireEvent.change(password(), { target: { value: 'New-pass1!' } });
  fireEvent.change(confirmation(), { target: { value: 'New-pass1!' } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('VerifyEmailPage', () => {
  it.each([
    ['no hash', `${PATH}?phash=p1&email=a%40b.co`],
    ['no phash', `${PATH}?hash=v1&email=a%40b.co`],
    ['no email', `${PATH}?hash=v1&phash=p1`],
  ])('goes to / with %s, without calling verification', (_case, url) => {
    const api = mockApi({});
    renderPage(<VerifyEmailPage />, { path: PATH, url });
    expect(screen.getByTestId('elsewhere')).toHaveTextContent(/^\/$/);
    expect(api.calls).toEqual([]);
  });

  it('shows the verify rule text, which asks for a capital letter', async () => {
    const api = mockApi({ 'POST /user/verify/email': { verified: true, alreadyVerified: false } });
    renderPage(<VerifyEmailPage />, { path: PATH, url: URL_WITH_LINK });
    expect(password()).toHaveAccessibleDescription(PASSWORD_RULE_TEXT.verify);
    // The verification it sends settles here, not in the next test.
    await waitFor(() => expect(api.calls).toHaveLength(1));
  });

  it('verifies on load, and enables Confirm only once verification succeeded', async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = mockApi({ 'POST /user/verify/email': () => new Promise((resolve) => (answer = resolve)) });
    renderPage(<VerifyEmailPage />, { path: PATH, url: URL_WITH_LINK });
    typeMatchingPasswords();
    expect(confirm()).toBeDisabled();
    await waitFor(() =>
      expect(api.bodies('POST /user/verify/email')).toEqual([
        { email: 'new.customer@example.com', hash: 'v1' },
      ]),
    );
    answer({ verified: true, alreadyVerified: false });
    await waitFor(() => expect(confirm()).toBeEnabled());
    expect(screen.getByText('Your email address is verified. Choose your password.')).toBeInTheDocument();
  });

  it("treats 'already verified' as success", async () => {
    mockApi({ 'POST /user/verify/email': { verified: true, alreadyVerified: true } });
    renderPage(<VerifyEmailPage />, { path: PATH, url: URL_WITH_LINK });
    typeMatchingPasswords();
    await waitFor(() => expect(confirm()).toBeEnabled());
  });

  it("treats a refusal saying 'already verified' as success too", async () => {
    mockApi({
      'POST /user/verify/email': HttpResponse.json({ message: 'Email already verified.' }, { status: 400 }),
    });
    renderPage(<VerifyEmailPage />, { path: PATH, url: URL_WITH_LINK });
    typeMatchingPasswords();
    await waitFor(() => expect(confirm()).toBeEnabled());
  });

  it("says 'Email Verification failed. Please try again.' on failure, keeps Confirm disabled, and retries on request", async () => {
    let fail = true;
    const api = mockApi({
      'POST /user/verify/email': () =>
        fail
          ? HttpResponse.json({ message: 'This verification link is not valid.' }, { status: 400 })
          : { verified: true, alreadyVerified: false },
    });
    renderPage(<VerifyEmailPage />, { path: PATH, url: URL_WITH_LINK });
    typeMatchingPasswords();
    expect(
      await screen.findByRole('heading', { name: 'Email Verification failed. Please try again.' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText('This verification link is not valid.').length).toBeGreaterThan(0);
    expect(confirm()).toBeDisabled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(confirm()).toBeEnabled());
    expect(api.bodies('POST /user/verify/email')).toHaveLength(2);
  });

  it('sets the first password with phash, then signs in and goes to /', async () => {
    const api = mockApi({
      'POST /user/verify/email': { verified: true, alreadyVerified: false },
      'POST /user/reset/password': { ok: true },
      'POST /session/login': { role: 'customer', userid: 'U9', accountid: 'G9' },
      // Signed in, the app reads the session it now has and its user.
      'GET /session/get': { role: 'customer', userid: 'U9', accountid: 'G9' },
      'POST /user/get': [buildUser({ id: 'U9' })],
    });
    renderPage(<VerifyEmailPage />, { path: PATH, url: URL_WITH_LINK });
    typeMatchingPasswords();
    await waitFor(() => expect(confirm()).toBeEnabled());
    fireEvent.click(confirm());
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
    expect(api.bodies('POST /user/reset/password')).toEqual([
      { email: 'new.customer@example.com', hash: 'p1', password: 'New-pass1!' },
    ]);
    expect(api.bodies('POST /session/login')).toEqual([
      { email: 'new.customer@example.com', password: 'New-pass1!' },
    ]);
  });
  it('says so beside Confirm when the connection drops on the way, and keeps both passwords', async () => {
    mockApi({
      'POST /user/verify/email': { verified: true, alreadyVerified: false },
      'POST /user/reset/password': () => HttpResponse.error(),
    });
    renderPage(<VerifyEmailPage />, { path: PATH, url: URL_WITH_LINK });
    typeMatchingPasswords();
    await waitFor(() => expect(confirm()).toBeEnabled());
    fireEvent.click(confirm());
    const notice = await screen.findByText(OFFLINE_ACTION_MESSAGE);
    expect(confirm().previousElementSibling).toContainElement(notice);
    expect(password()).toHaveValue('New-pass1!');
    expect(confirmation()).toHaveValue('New-pass1!');
    expect(confirm()).toBeEnabled();
    expect(screen.queryByText('Reset password failed. Please try again.')).not.toBeInTheDocument();
  });
});
