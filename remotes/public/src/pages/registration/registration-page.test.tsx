import { HttpResponse } from 'msw';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REGISTER_SUCCESS_MS } from './registration-form';
import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { mockApi, renderPage } from '@promo/ui/testing';
import RegistrationPage from './registration-page';

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: 'Submit' });

function fillAll() {
  fireEvent.change(field('First Name'), { target: { value: 'Aroha' } });
  fireEvent.change(field('Surname'), { target: { value: 'Ngata' } });
  fireEvent.change(field('Email'), { target: { value: 'Aroha.Ngata@Example.COM' } });
  fireEvent.change(field('Customer ID'), { target: { value: 'g100001' } });
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('RegistrationPage', () => {
  it('asks for first name, surname, email and customer ID', () => {
    mockApi({});
    const { title } = renderPage(<RegistrationPage />, { path: '/registration' });
    expect(title()).toBe('Register');
    for (const name of ['First Name', 'Surname', 'Email', 'Customer ID']) expect(field(name)).toBeRequired();
  });

  it("fills in the invitation link's customer ID and email", () => {
    mockApi({});
    renderPage(<RegistrationPage />, {
      path: '/register',
      url: '/register?customerID=G100004&email=invited%40demo.test',
    });
    expect(field('Email')).toHaveValue('invited@demo.test');
    expect(field('Customer ID')).toHaveValue('G100004');
    expect(field('First Name')).toHaveValue('');
    expect(submit()).toBeDisabled();
  });

  it('keeps Submit disabled until all four fields are filled', () => {
    mockApi({});
    renderPage(<RegistrationPage />, { path: '/registration' });
    expect(submit()).toBeDisabled();
    fireEvent.change(field('First Name'), { target: { value: 'Aroha' } });
    fireEvent.change(field('Surname'), { target: { value: 'Ngata' } });
    fireEvent.change(field('Email'), { target: { value: 'aroha@example.com' } });
    expect(submit()).toBeDisabled();
    fireEvent.change(field('Customer ID'), { target: { value: 'G100001' } });
    expect(submit()).toBeEnabled();
  });

  it('sends the email lowercased and the customer ID uppercased, then shows the toast for 2 s and goes to onboarding', async () => {
    const api = mockApi({ 'POST /user/signup': { ok: true } });
    renderPage(<RegistrationPage />, { path: '/registration' });
    fillAll();
    fireEvent.click(submit());
    expect(await screen.findByText('User register successfully.')).toBeInTheDocument();
    expect(api.bodies('POST /user/signup')).toEqual([
      { firstname: 'Aroha', surname: 'Ngata', email: 'aroha.ngata@example.com', customerID: 'G100001' },
    ]);
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    expect(submit()).toBeDisabled();
    await act(() => vi.advanceTimersByTimeAsync(REGISTER_SUCCESS_MS));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent('/register-onboarding');
    expect(screen.queryByText('User register successfully.')).not.toBeInTheDocument();
    expect(REGISTER_SUCCESS_MS).toBe(2000);
  });

  it("shows the server's text on failure and keeps what was typed", async () => {
    mockApi({
      'POST /user/signup': HttpResponse.json({ message: 'email: Incorrect email format' }, { status: 400 }),
    });
    renderPage(<RegistrationPage />, { path: '/register' });
    fillAll();
    fireEvent.click(submit());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('email: Incorrect email format'));
    expect(field('Customer ID')).toHaveValue('g100001');
    expect(submit()).toBeEnabled();
    await act(() => vi.advanceTimersByTimeAsync(2500));
    await waitFor(() => expect(screen.getByRole('alert')).toBeEmptyDOMElement());
  });

  it('shows nothing but logs a failure without a server text', async () => {
    mockApi({ 'POST /user/signup': HttpResponse.json({}, { status: 500 }) });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage(<RegistrationPage />, { path: '/register' });
    fillAll();
    fireEvent.click(submit());
    await waitFor(() => expect(log).toHaveBeenCalled());
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('tells of too many attempts in the form, with the wait, for as long as it lasts, and keeps what was typed', async () => {
    const TOO_MANY = 'Too many registration attempts. Try again in 15 minutes.';
    mockApi({
      'POST /user/signup': HttpResponse.json(
        { error: 'Too Many Requests', message: TOO_MANY },
        { status: 429 },
      ),
    });
    renderPage(<RegistrationPage />, { path: '/register' });
    fillAll();
    fireEvent.click(submit());
    expect(await screen.findByText(TOO_MANY)).toBeInTheDocument();
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['', TOO_MANY]);
    expect(field('Email')).toHaveValue('Aroha.Ngata@Example.COM');
    expect(field('Customer ID')).toHaveValue('g100001');
    expect(submit()).toBeEnabled();
    // Longer than any toast stays.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(screen.getByText(TOO_MANY)).toBeInTheDocument();
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
  });
  describe('without a connection', () => {
    // TanStack Query's online manager follows the events: back online for the next test.
    afterEach(() => void window.dispatchEvent(new Event('online')));

    function expectAllKept() {
      expect(field('First Name')).toHaveValue('Aroha');
      expect(field('Surname')).toHaveValue('Ngata');
      expect(field('Email')).toHaveValue('Aroha.Ngata@Example.COM');
      expect(field('Customer ID')).toHaveValue('g100001');
      expect(submit()).toBeEnabled();
    }

    it('while offline sends nothing, says so beside Submit and keeps everything typed', async () => {
      const api = mockApi({ 'POST /user/signup': { ok: true } });
      renderPage(<RegistrationPage />, { path: '/registration' });
      fillAll();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
      fireEvent.click(submit());
      const notice = await screen.findByText(OFFLINE_ACTION_MESSAGE);
      expect(submit().previousElementSibling).toContainElement(notice);
      expectAllKept();
      expect(api.bodies('POST /user/signup')).toEqual([]);
    });

    it('when the connection drops on the way says the same and keeps everything typed', async () => {
      mockApi({ 'POST /user/signup': () => HttpResponse.error() });
      renderPage(<RegistrationPage />, { path: '/registration' });
      fillAll();
      fireEvent.click(submit());
      const notice = await screen.findByText(OFFLINE_ACTION_MESSAGE);
      expect(submit().previousElementSibling).toContainElement(notice);
      expectAllKept();
    });
  });
});
