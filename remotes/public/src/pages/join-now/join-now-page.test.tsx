import { buildJoinUsValues } from '@promo/domain/testing/data-generators';
import { HttpResponse } from 'msw';
import { JOIN_US_FIELDS } from '@promo/domain/public/public-forms.rules';
import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderPage } from '@promo/ui/testing';
import JoinNowPage from './join-now-page';

const field = (name: string) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: /^Submit/ });

const FILLED: Record<string, string> = {
  'Company Name': 'Kiwi Motors Ltd',
  Address: '12 Great South Road',
  Suburb: 'Penrose',
  City: 'Auckland',
  Postcode: '1061',
  'Contact Name': 'Aroha Ngata',
  Position: 'Owner',
  Phone: '09 555 0101',
  Email: 'aroha@kiwimotors.co.nz',
};

function fillStarred() {
  for (const [label, value] of Object.entries(FILLED)) fireEvent.change(field(label), { target: { value } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('JoinNowPage', () => {
  it('shows the ten fields, every one labelled, with the required-fields note', () => {
    mockApi({});
    const { title } = renderPage(<JoinNowPage />, { path: '/join-now' });
    expect(title()).toBe('Join Us');
    expect(screen.getByText('Fields marked with * are required.')).toBeInTheDocument();
    for (const definition of JOIN_US_FIELDS) {
      const input = field(definition.label);
      if (definition.required) expect(input).toBeRequired();
      else expect(input).not.toBeRequired();
    }
    expect(screen.getAllByRole('textbox')).toHaveLength(10);
  });

  it('keeps Submit disabled until every starred field is filled and the email is valid', () => {
    mockApi({});
    renderPage(<JoinNowPage />, { path: '/join-now' });
    expect(submit()).toBeDisabled();
    fillStarred();
    expect(submit()).toBeEnabled();
    fireEvent.change(field('Suburb'), { target: { value: ' ' } });
    expect(submit()).toBeDisabled();
    fireEvent.change(field('Suburb'), { target: { value: 'Penrose' } });
    fireEvent.change(field('Email'), { target: { value: 'aroha@kiwimotors' } });
    expect(submit()).toBeDisabled();
  });

  it("says 'Incorrect email format' under a filled, invalid email only", () => {
    mockApi({});
    renderPage(<JoinNowPage />, { path: '/join-now' });
    expect(screen.queryByText('Incorrect email format')).not.toBeInTheDocument();
    fireEvent.change(field('Email'), { target: { value: 'aroha@kiwimotors' } });
    expect(field('Email')).toHaveAccessibleDescription('Incorrect email format');
    expect(field('Email')).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(field('Email'), { target: { value: 'aroha@kiwimotors.co.nz' } });
    expect(screen.queryByText('Incorrect email format')).not.toBeInTheDocument();
  });

  it("submits the form, says 'Message submitted successfully.' and resets it", async () => {
    let answer: (value: unknown) => void = () => undefined;
    const api = mockApi({
      'POST /form-submission/submit': () => new Promise((resolve) => (answer = resolve)),
    });
    renderPage(<JoinNowPage />, { path: '/join-now' });
    fillStarred();
    fireEvent.change(field('Customer ID'), { target: { value: ' G100001 ' } });
    fireEvent.click(submit());
    await waitFor(() => expect(submit()).toBeDisabled());
    answer({ ok: true });
    expect(await screen.findByText('Message submitted successfully.')).toBeInTheDocument();
    for (const label of [...Object.keys(FILLED), 'Customer ID']) expect(field(label)).toHaveValue('');
    const [sent] = api.bodies('POST /form-submission/submit') as [Record<string, unknown>];
    expect(sent.formConfigurationID).toBe('join-us');
    expect(sent.response).toEqual(buildJoinUsValues({ customerId: 'G100001' }));
    expect(sent.formFields).toEqual(JOIN_US_FIELDS);
  });

  it("says 'Message submission failed.' on a failure without server text, and keeps what was typed", async () => {
    mockApi({ 'POST /form-submission/submit': HttpResponse.json({}, { status: 500 }) });
    renderPage(<JoinNowPage />, { path: '/join-now' });
    fillStarred();
    fireEvent.click(submit());
    expect(await screen.findByText('Message submission failed.')).toBeInTheDocument();
    expect(field('Company Name')).toHaveValue('Kiwi Motors Ltd');
    expect(submit()).toBeEnabled();
  });

  it.each([
    ['while offline, sending nothing', false],
    ['when the connection drops on the way', true],
  ])('says it was not sent %s, and keeps what was typed', async (_case, online) => {
    const api = mockApi({
      'POST /form-submission/submit': () => HttpResponse.error(),
    });
    renderPage(<JoinNowPage />, { path: '/join-now' });
    fillStarred();
    if (!online) {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
    }
    try {
      fireEvent.click(submit());
      const message = await screen.findByText(OFFLINE_ACTION_MESSAGE);
      expect(message.closest('[role=alert]')).toBeInTheDocument();
      for (const [label, value] of Object.entries(FILLED)) expect(field(label)).toHaveValue(value);
      expect(submit()).toBeEnabled();
      expect(screen.queryByText('Message submission failed.')).not.toBeInTheDocument();
      expect(api.bodies('POST /form-submission/submit')).toHaveLength(online ? 1 : 0);
    } finally {
      vi.restoreAllMocks();
      window.dispatchEvent(new Event('online'));
    }
  });
});
