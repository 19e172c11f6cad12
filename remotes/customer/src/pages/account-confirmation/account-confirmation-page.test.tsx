import { HttpResponse } from 'msw';
import { buildAccount, buildLinkedAccounts, buildSession } from '@promo/domain/testing/data-generators';
import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, mockApi, renderRoutes } from '@promo/ui/testing';
import { UNDER_REVIEW_TEXT } from './account-confirmation-page';
import { createRoutes } from '../../routes';

/** The customer remote's routes at `url`, for a signed-in customer. */
const renderRoute = (url: string, session = buildSession()) => renderRoutes(createRoutes(), { url, session });

/** Three linked accounts (ATL10001, BNT10002, NZB10003) waiting for the customer's answers. */
const unconfirmed = buildAccount({
  divisionDetails: buildLinkedAccounts(),
  associationsConfirmationStatus: 'unconfirmed',
});
const divisionDetails = {
  id: 'division.details',
  value: [
    { division: 'A', name: 'Autolign', logo: { id: 'division-logo-A' } },
    { division: 'B', name: 'BNT', logo: { id: 'division-logo-B' } },
    { division: 'N', name: 'NZ Brake Co', logo: { id: 'division-logo-N' } },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function answer(question: string, choice: 'Yes' | 'No') {
  await userEvent.click(
    within(screen.getByRole('group', { name: question })).getByRole('radio', { name: choice }),
  );
}

async function answerAll(other: 'Yes' | 'No') {
  await answer('Is account ATL10001 correct?', 'Yes');
  await answer('Is account BNT10002 correct?', 'Yes');
  await answer('Is account NZB10003 correct?', 'Yes');
  await answer('Do you have other accounts that are not listed?', other);
}

describe('AccountConfirmationPage', () => {
  it('lists each linked account with its supplier logo, number and a Yes/No, plus the Other row', async () => {
    mockApi({ 'GET /account/get': [unconfirmed], 'GET /configuration/get': [divisionDetails] });
    renderRoute('/account-confirmation');
    const table = await screen.findByRole('table', { name: 'Is each of these accounts yours?' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Supplier', 'Account Number', 'Correct']);
    expect(await within(table).findByRole('img', { name: 'Autolign' })).toHaveAttribute(
      'src',
      '/api/v1/file/image/division-logo-A',
    );
    expect(within(table).getByRole('rowheader', { name: 'ATL10001' })).toBeVisible();
    expect(within(table).getByText('Other *')).toBeVisible();
    expect(screen.getAllByRole('radio')).toHaveLength(8);
  });

  it('keeps Submit disabled until every account and Other are answered', async () => {
    mockApi({ 'GET /account/get': [unconfirmed], 'GET /configuration/get': [] });
    renderRoute('/account-confirmation');
    const submit = await screen.findByRole('button', { name: 'Submit' });
    expect(submit).toBeDisabled();
    await answer('Is account ATL10001 correct?', 'Yes');
    await answer('Is account BNT10002 correct?', 'No');
    await answer('Is account NZB10003 correct?', 'Yes');
    expect(submit).toBeDisabled();
    expect(screen.getByText('Answer every question to submit (1 left).')).toBeVisible();
    await answer('Do you have other accounts that are not listed?', 'No');
    expect(submit).toBeEnabled();
  });

  it('shows the comment box only when Other is Yes', async () => {
    mockApi({ 'GET /account/get': [unconfirmed], 'GET /configuration/get': [] });
    renderRoute('/account-confirmation');
    await screen.findByRole('table');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
    await answer('Do you have other accounts that are not listed?', 'Yes');
    expect(screen.getByRole('textbox', { name: 'Comment' })).toBeVisible();
    await answer('Do you have other accounts that are not listed?', 'No');
    expect(screen.queryByRole('textbox', { name: 'Comment' })).not.toBeInTheDocument();
  });

  it('re-fetches the account, submits the answers, says so and goes home', async () => {
    const api = mockApi({
      'GET /account/get': [unconfirmed],
      'GET /configuration/get': [],
      'POST /account/confirm/account/association': {
        ...unconfirmed,
        associationsConfirmationStatus: 'challenged',
      },
      'GET /promotion/get': [],
    });
    const { history } = renderRoute('/account-confirmation');
    await screen.findByRole('table');
    await answerAll('Yes');
    await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Also PEQ4411 at Precision');
    const fetchesBefore = api.callsTo('GET', '/account/get').length;
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));

    expect(await screen.findByText('Account confirmation submitted successfully.')).toBeVisible();
    // One fresh read before submitting; the account the submission answered with is not read again.
    expect(api.callsTo('GET', '/account/get')).toHaveLength(fetchesBefore + 1);
    expect(api.callsTo('POST', '/account/confirm/account/association')[0]?.body).toEqual({
      associations: [
        { id: 'ATL10001', divisionID: 'ATL10001', division: 'A', confirmed: true },
        { id: 'BNT10002', divisionID: 'BNT10002', division: 'B', confirmed: true },
        { id: 'NZB10003', divisionID: 'NZB10003', division: 'N', confirmed: true },
        { id: 'other', divisionID: '', division: 'other', confirmed: true },
      ],
      comment: 'Also PEQ4411 at Precision',
    });
    await waitFor(() => expect(history.location.pathname).not.toBe('/account-confirmation'));
    expect(api.callsTo('GET', '/account/get')).toHaveLength(fetchesBefore + 1);
  });

  it('goes home without submitting when the re-fetch finds the accounts already confirmed', async () => {
    let confirmed = false;
    const api = mockApi({
      'GET /account/get': () => [
        { ...unconfirmed, associationsConfirmationStatus: confirmed ? 'confirmed' : 'unconfirmed' },
      ],
      'GET /configuration/get': [],
      'GET /promotion/get': [],
    });
    const { history } = renderRoute('/account-confirmation');
    await screen.findByRole('table');
    await answerAll('No');
    confirmed = true;
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(history.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/account/confirm/account/association')).toHaveLength(0);
  });

  it('shows the failure message and keeps the answers', async () => {
    mockApi({
      'GET /account/get': [unconfirmed],
      'GET /configuration/get': [],
      'POST /account/confirm/account/association': () => new Response('oops', { status: 500 }),
    });
    renderRoute('/account-confirmation');
    await screen.findByRole('table');
    await answerAll('No');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Account confirmation submission failed.')).toBeVisible();
    expect(
      within(screen.getByRole('group', { name: 'Is account ATL10001 correct?' })).getByRole('radio', {
        name: 'Yes',
      }),
    ).toBeChecked();
    // The message is drawn before the submission ends, so Submit comes back a moment later.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled());
  });

  it("shows the server's reason when it gives one", async () => {
    mockApi({
      'GET /account/get': [unconfirmed],
      'GET /configuration/get': [],
      'POST /account/confirm/account/association': apiError(400, 'associations: BNT10002 is not answered.'),
    });
    renderRoute('/account-confirmation');
    await screen.findByRole('table');
    await answerAll('No');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('associations: BNT10002 is not answered.')).toBeVisible();
  });

  it('tells a challenged customer the team is reviewing their changes', async () => {
    mockApi({
      'GET /account/get': [
        buildAccount({
          divisionDetails: buildLinkedAccounts(),
          associationsConfirmationStatus: 'challenged',
        }),
      ],
    });
    renderRoute('/account-confirmation');
    expect(await screen.findByText(UNDER_REVIEW_TEXT)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
  });

  it('sends a confirmed customer home', async () => {
    mockApi({
      'GET /account/get': [buildAccount({ divisionDetails: buildLinkedAccounts() })],
      'GET /promotion/get': [],
    });
    const { history } = renderRoute('/account-confirmation');
    await waitFor(() => expect(history.location.pathname).toBe('/'));
  });

  describe('submitting without a connection', () => {
    // TanStack Query's online manager follows the events: back online for the next test.
    afterEach(() => void window.dispatchEvent(new Event('online')));

    const connectionDrops = () => HttpResponse.error();

    async function fillAndSubmit() {
      await screen.findByRole('table');
      await answerAll('Yes');
      await userEvent.type(screen.getByRole('textbox', { name: 'Comment' }), 'Also HCB 4471');
    }

    function expectAnswersKept() {
      expect(screen.getByText(OFFLINE_ACTION_MESSAGE).closest('[role=alert]')).toBeInTheDocument();
      for (const question of [
        'Is account ATL10001 correct?',
        'Is account BNT10002 correct?',
        'Is account NZB10003 correct?',
        'Do you have other accounts that are not listed?',
      ])
        expect(
          within(screen.getByRole('group', { name: question })).getByRole('radio', { name: 'Yes' }),
        ).toBeChecked();
      expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveValue('Also HCB 4471');
      expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
      expect(screen.queryByText('Account confirmation submission failed.')).not.toBeInTheDocument();
    }

    it('while offline sends nothing, says so and keeps the answers', async () => {
      const api = mockApi({ 'GET /account/get': [unconfirmed], 'GET /configuration/get': [] });
      renderRoute('/account-confirmation');
      await fillAndSubmit();
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
      const sentBefore = api.calls.length;
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByText(OFFLINE_ACTION_MESSAGE);
      expectAnswersKept();
      expect(api.calls.length).toBe(sentBefore);
    });

    it.each([
      ['the submission', { 'POST /account/confirm/account/association': connectionDrops }],
      ['the re-fetch of the account before it', {}],
    ])('when the connection drops during %s says the same and keeps the answers', async (_case, handlers) => {
      let accountAnswers = 0;
      mockApi({
        // The page's own load gets the account; with no submission handler, the re-fetch is cut off.
        'GET /account/get': () => {
          accountAnswers += 1;
          if (accountAnswers > 1 && !('POST /account/confirm/account/association' in handlers))
            return connectionDrops();
          return [unconfirmed];
        },
        'GET /configuration/get': [],
        ...handlers,
      });
      renderRoute('/account-confirmation');
      await fillAndSubmit();
      await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
      await screen.findByText(OFFLINE_ACTION_MESSAGE);
      expectAnswersKept();
    });
  });
});
