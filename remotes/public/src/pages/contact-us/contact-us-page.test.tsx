import { HttpResponse } from 'msw';
import { CONTACT_FIELDS } from '@promo/domain/public/public-forms.rules';
import { buildAccount, buildSession } from '@promo/domain/testing/data-generators';
import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SUCCESS_MESSAGE, CONTACT_SUCCESS_MS } from './contact-form';
import { mockApi, renderPage } from '@promo/ui/testing';
import ContactUsPage from './contact-us-page';

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: /^(Submit|Sending)/ });

const customer = buildSession();
const rep = buildSession({
  role: 'rep',
  userid: 'R1',
  accountid: undefined,
  user: {
    id: 'R1',
    email: 'rep@demo.test',
    firstname: 'Hemi',
    surname: 'Walker',
    role: 'rep',
    allowedRegions: ['Auckland'],
  },
});

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ContactUsPage', () => {
  it('has first name*, last name, email*, phone and message*, every one labelled', () => {
    mockApi({ 'GET /account/get': [buildAccount()] });
    const { title } = renderPage(<ContactUsPage />, { path: '/contact-us', session: customer });
    expect(title()).toBe('Contact Us');
    for (const definition of CONTACT_FIELDS) {
      const input = field(definition.label);
      if (definition.required) expect(input).toBeRequired();
      else expect(input).not.toBeRequired();
    }
    expect(field('Message').tagName).toBe('TEXTAREA');
  });

  it('keeps Submit disabled unless first name, a valid email and a message are filled', () => {
    mockApi({ 'GET /account/get': [buildAccount()] });
    renderPage(<ContactUsPage />, { path: '/contact-us', session: customer });
    expect(submit()).toBeDisabled();
    fireEvent.change(field('First Name'), { target: { value: 'Aroha' } });
    fireEvent.change(field('Email'), { target: { value: 'aroha@example' } });
    fireEvent.change(field('Message'), { target: { value: 'Please add my BNT account.' } });
    expect(submit()).toBeDisabled();
    expect(screen.getByText('Incorrect email format')).toBeInTheDocument();
    fireEvent.change(field('Email'), { target: { value: 'aroha@example.com' } });
    expect(submit()).toBeEnabled();
  });

  it("sends a customer's account id and name, thanks them for 5 s with the form cleared, then goes to /", async () => {
    const api = mockApi({
      'GET /account/get': [buildAccount({ id: 'G100001', name: 'Test Motors Ltd' })],
      'POST /form-submission/submit': { ok: true },
    });
    renderPage(<ContactUsPage />, { path: '/contact-us', session: customer });
    await waitFor(() => expect(api.callsTo('GET', '/account/get').length).toBeGreaterThan(0));
    fireEvent.change(field('First Name'), { target: { value: 'Aroha' } });
    fireEvent.change(field('Email'), { target: { value: 'aroha@example.com' } });
    fireEvent.change(field('Message'), { target: { value: 'Please add my BNT account.' } });
    await waitFor(() => expect(submit()).toBeEnabled());
    fireEvent.click(submit());
    expect(await screen.findByText(CONTACT_SUCCESS_MESSAGE)).toBeInTheDocument();
    expect(CONTACT_SUCCESS_MESSAGE).toBe(
      'Thanks for contacting us, an Ezy Rewards team member will review your enquiry and will be in contact with you shortly.',
    );
    expect(field('First Name')).toHaveValue('');
    expect(field('Message')).toHaveValue('');
    const [sent] = api.bodies('POST /form-submission/submit') as [Record<string, unknown>];
    expect(sent).toMatchObject({
      formConfigurationID: 'contact-us',
      accountId: 'G100001',
      accountName: 'Test Motors Ltd',
      response: {
        firstname: 'Aroha',
        lastname: '',
        email: 'aroha@example.com',
        phone: '',
        message: 'Please add my BNT account.',
      },
    });
    expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(CONTACT_SUCCESS_MS));
    expect(await screen.findByTestId('elsewhere')).toHaveTextContent(/^\/$/);
    expect(CONTACT_SUCCESS_MS).toBe(5000);
  });

  it("prefills a rep's first name, surname and email from the session, and sends no account", async () => {
    const api = mockApi({ 'POST /form-submission/submit': { ok: true } });
    renderPage(<ContactUsPage />, { path: '/contact-us', session: rep });
    expect(field('First Name')).toHaveValue('Hemi');
    expect(field('Last Name')).toHaveValue('Walker');
    expect(field('Email')).toHaveValue('rep@demo.test');
    fireEvent.change(field('Message'), { target: { value: 'A question about a customer.' } });
    fireEvent.click(submit());
    await screen.findByText(CONTACT_SUCCESS_MESSAGE);
    const [sent] = api.bodies('POST /form-submission/submit') as [Record<string, unknown>];
    expect(sent).not.toHaveProperty('accountId');
    expect(sent).not.toHaveProperty('accountName');
    expect(api.callsTo('GET', '/account/get')).toEqual([]);
  });

  it("says 'Message submission failed.' on a failure and keeps the message", async () => {
    mockApi({
      'GET /account/get': [buildAccount()],
      'POST /form-submission/submit': HttpResponse.json({}, { status: 500 }),
    });
    renderPage(<ContactUsPage />, { path: '/contact-us', session: customer });
    fireEvent.change(field('First Name'), { target: { value: 'Aroha' } });
    fireEvent.change(field('Email'), { target: { value: 'aroha@example.com' } });
    fireEvent.change(field('Message'), { target: { value: 'Keep me.' } });
    fireEvent.click(submit());
    expect(await screen.findByText('Message submission failed.')).toBeInTheDocument();
    expect(field('Message')).toHaveValue('Keep me.');
  });

  describe('sent without a connection', () => {
    // TanStack Query's online manager follows the events: back online for the next test.
    afterEach(() => void window.dispatchEvent(new Event('online')));

    function fill() {
      fireEvent.change(field('First Name'), { target: { value: 'Aroha' } });
      fireEvent.change(field('Last Name'), { target: { value: 'Ngata' } });
      fireEvent.change(field('Email'), { target: { value: 'aroha@example.com' } });
      fireEvent.change(field('Phone'), { target: { value: '021 555 0100' } });
      fireEvent.change(field('Message'), { target: { value: 'Please add my BNT account.' } });
    }

    function expectAllKept() {
      expect(screen.getByText(OFFLINE_ACTION_MESSAGE).closest('[role=alert]')).toBeInTheDocument();
      expect(field('First Name')).toHaveValue('Aroha');
      expect(field('Last Name')).toHaveValue('Ngata');
      expect(field('Email')).toHaveValue('aroha@example.com');
      expect(field('Phone')).toHaveValue('021 555 0100');
      expect(field('Message')).toHaveValue('Please add my BNT account.');
      expect(submit()).toBeEnabled();
      expect(screen.queryByText('Message submission failed.')).not.toBeInTheDocument();
    }

    it('while offline sends nothing, says so and keeps everything typed', async () => {
      const api = mockApi({ 'POST /form-submission/submit': { ok: true } });
      renderPage(<ContactUsPage />, { path: '/contact-us', session: rep });
      fill();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
      fireEvent.click(submit());
      await screen.findByText(OFFLINE_ACTION_MESSAGE);
      expectAllKept();
      expect(api.bodies('POST /form-submission/submit')).toEqual([]);
    });

    it('when the connection drops on the way says the same and keeps everything typed', async () => {
      mockApi({
        'POST /form-submission/submit': () => HttpResponse.error(),
      });
      renderPage(<ContactUsPage />, { path: '/contact-us', session: rep });
      fill();
      fireEvent.click(submit());
      await screen.findByText(OFFLINE_ACTION_MESSAGE);
      expectAllKept();
    });
  });
});
