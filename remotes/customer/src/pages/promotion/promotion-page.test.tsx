import { HttpResponse } from 'msw';
import type { PromotionFigures } from '@promo/domain/account/promotion-figures.rules';
import {
  buildAccount,
  buildMultiTargetPromotion,
  buildSession,
  buildSingleTargetPromotion,
  buildTargets,
  DAY_MS,
  promotionDates,
  withFigures,
} from '@promo/domain/testing/data-generators';
import type { Account, Promotion } from '@promo/domain/types';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OFFLINE_ACTION_MESSAGE } from '@promo/ui/server-action';
import { provideCrashReporter } from '@promo/domain/remote-contract';
import { UNSAVED_CHANGES_PROMPT } from '../../features/reward-choice/use-leave-warning';
import { apiError, mockApi, renderRoutes } from '@promo/ui/testing';
import { createRoutes } from '../../routes';

/** The customer remote's routes at `url`, for a signed-in customer. */
const renderRoute = (url: string, session = buildSession()) => renderRoutes(createRoutes(), { url, session });

/** What the tracking view throws while rendering, when a test makes it fail. */
const trackingFailure = vi.hoisted(() => ({ current: undefined as Error | undefined }));

// The tracking view (and ECharts with it) has its own tests; here it only has to appear, or fail.
vi.mock('../../features/promotion-tracking/tracking-view', () => ({
  default: ({ promotion, account }: { promotion: { name: string }; account: Account }) => {
    if (trackingFailure.current) throw trackingFailure.current;
    // As the real view does on daily figures that are not an object.
    if (account.pastProgressDetails === null)
      throw new TypeError("Cannot read properties of null (reading 'FOOD')");
    return <p>Tracking view of {promotion.name}</p>;
  },
}));

afterEach(() => {
  trackingFailure.current = undefined;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const FOOD = 'PROMO-FoodPack-Summer';
const HAMPERS = 'PROMO-TierUp-Hampers';

/** The page compares the promotion's dates with the clock: these are running today. */
const runningToday = () => promotionDates(Date.now(), { startedDaysAgo: 10, endsInDays: 25 });

/** The food pack promotion, running, with the summary and terms the tests read. */
function foodPackPromotion(overrides: Partial<Promotion> = {}): Promotion {
  return buildSingleTargetPromotion({
    ...runningToday(),
    details: '<h3>Reach your target</h3><p>Choose your food pack.</p>',
    termsConditions: '<p>Food pack terms: vouchers are valid for 12 months.</p>',
    ...overrides,
  });
}

/** The hamper promotion (three targets), running. */
const hamperPromotion = (overrides: Partial<Promotion> = {}) =>
  buildMultiTargetPromotion({ ...promotionDates(Date.now()), ...overrides });

/** Joined to the hampers, past Target 2 ($29,000 of $25,800 / $28,300 / $32,000), the BBQ Hamper chosen. */
const hamperFigures = (overrides: Partial<PromotionFigures> = {}): Partial<PromotionFigures> => ({
  promotionId: HAMPERS,
  targets: buildTargets(25_800, 28_300, 32_000),
  totalSpend: 29_000,
  selectedReward: '1:BBQ Hamper',
  ...overrides,
});

/** Not joined to the food pack (one target of $22,600). */
const foodPackFigures = (overrides: Partial<PromotionFigures> = {}): Partial<PromotionFigures> => ({
  promotionId: FOOD,
  enrolled: false,
  joinedAt: null,
  selectedReward: null,
  targets: buildTargets(22_600),
  totalSpend: 5_229.81,
  ...overrides,
});

/** The customer: joined to the hampers, not to the food pack. */
const customerAccount = (hampers: Partial<PromotionFigures> = {}) =>
  withFigures(buildAccount(), hamperFigures(hampers), foodPackFigures());

/** The customer after joining the food pack with Option 1 (or `selectedReward`). */
const joinedFoodPack = (selectedReward: string | null = '1:Build your Own Pack') =>
  withFigures(
    buildAccount(),
    hamperFigures(),
    foodPackFigures({ enrolled: true, joinedAt: Date.now(), selectedReward }),
  );

function api(handlers: Record<string, unknown> = {}) {
  return mockApi({
    'GET /account/get': [customerAccount()],
    'GET /promotion/get': (call: { query: URLSearchParams }) =>
      [foodPackPromotion(), hamperPromotion()].filter((p) =>
        call.query.get('ids')?.split(',').includes(p.id),
      ),
    'GET /configuration/get': [],
    'POST /account/update/tracking': { ok: true },
    // My Account, where the tests that leave the page go.
    'GET /notifications/preferences': { choices: [], appBadge: false },
    ...handlers,
  });
}

describe('PromotionPage', () => {
  it('records a promotion_view tracking event with the lowercased id', async () => {
    const calls = api();
    renderRoute(`/promotions/${FOOD}`);
    await screen.findByRole('button', { name: 'Participate' });
    await waitFor(() =>
      expect(calls.callsTo('POST', '/account/update/tracking').map((call) => call.body)).toEqual([
        { type: 'promotion_view', key: 'promo-foodpack-summer' },
      ]),
    );
  });

  it('sends a customer whose accounts are not confirmed to the account confirmation, recording no view', async () => {
    for (const status of ['unconfirmed', 'challenged']) {
      const calls = api({
        'GET /account/get': [{ ...customerAccount(), associationsConfirmationStatus: status }],
      });
      const { history } = renderRoute(`/promotions/${FOOD}`);
      await waitFor(() => expect(history.location.pathname).toBe('/account-confirmation'));
      expect(screen.queryByRole('button', { name: 'Participate' })).toBeNull();
      expect(calls.callsTo('POST', '/account/update/tracking')).toEqual([]);
      cleanup();
    }
  });

  it("says 'no data or has error' for a missing promotion or one with an error", async () => {
    api({ 'GET /promotion/get': [] });
    renderRoute('/promotions/PROMO-Nope');
    expect(await screen.findByText('no data or has error')).toBeVisible();
    cleanup();

    api({ 'GET /promotion/get': [foodPackPromotion({ error: 'Bad data' })] });
    renderRoute(`/promotions/${FOOD}`);
    expect(await screen.findByText('no data or has error')).toBeVisible();
  });

  it('shows the header, Summary and Rewards with collapsible, sanitised prizes to a customer who has not joined', async () => {
    const prizes = foodPackPromotion().prizes.map((prize) =>
      prize.title === 'Breakfast Pack'
        ? {
            ...prize,
            subTitle: 'Breakfast Pack subtitle',
            content: '<p>Eggs, bacon and coffee.</p>',
            prizeImage: { id: 'prize-breakfast-pack' },
          }
        : prize,
    );
    api({ 'GET /promotion/get': [foodPackPromotion({ prizes })] });
    renderRoute(`/promotions/${FOOD}`);
    expect(await screen.findByRole('heading', { name: 'Summer Food Pack Promotion' })).toBeVisible();
    expect(screen.getByTestId('frame')).toHaveTextContent('Summer Food Pack Promotion (back)');
    expect(screen.getByRole('button', { name: 'Participate' })).toBeVisible();
    expect(screen.queryByText(/Tracking view/)).not.toBeInTheDocument();
    // The Summary is server HTML: it shows once the sanitiser (loaded on first use) has run.
    await waitFor(() =>
      expect(screen.getByRole('tabpanel', { name: 'Summary' })).toHaveTextContent('Choose your food pack.'),
    );

    await userEvent.click(screen.getByRole('tab', { name: 'Rewards' }));
    const rewards = screen.getByRole('tabpanel', { name: 'Rewards' });
    const breakfast = within(rewards).getByText('Breakfast Pack').closest('details');
    expect(breakfast).not.toHaveAttribute('open');
    expect(within(rewards).getByText('Breakfast Pack subtitle')).toBeVisible();
    await userEvent.click(within(rewards).getByText('Breakfast Pack'));
    expect(breakfast).toHaveAttribute('open');
    expect(within(rewards).getByRole('img', { name: 'Breakfast Pack' })).toBeVisible();
  });

  it("labels the Rewards tab with the promotion's custom label and hides it when prizes are disabled", async () => {
    api({
      'GET /account/get': [buildAccount()],
    });
    renderRoute(`/promotions/${HAMPERS}`);
    expect(await screen.findByRole('tab', { name: 'Hampers' })).toBeVisible();
    cleanup();

    api({ 'GET /promotion/get': [foodPackPromotion({ disablePrizes: true })] });
    renderRoute(`/promotions/${FOOD}`);
    await screen.findByRole('button', { name: 'Participate' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(screen.getByText('Choose your food pack.')).toBeVisible();
  });

  it('requires the terms before joining, then joins, says so and shows tracking', async () => {
    let account = customerAccount();
    const calls = api({
      'GET /account/get': () => [account],
      'POST /account/opt/into/promotion': () => (account = joinedFoodPack()),
    });
    renderRoute(`/promotions/${FOOD}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Participate' }));

    // The join form's code is fetched once the customer asks to participate.
    const panel = await screen.findByRole('region', { name: 'Join this promotion' });
    expect(within(panel).getByRole('heading', { name: 'Join this promotion' })).toHaveFocus();
    expect(within(panel).getByRole('radio', { name: 'Option 1. Build your Own Pack' })).toBeChecked();
    expect(within(panel).getByRole('radio', { name: 'Option 4. Family Feast Pack' })).not.toBeChecked();
    await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect(await within(panel).findByText('Please accept the terms and conditions to join.')).toBeVisible();
    expect(within(panel).getByRole('checkbox', { name: /accept the terms and conditions/ })).toHaveFocus();
    expect(calls.callsTo('POST', '/account/opt/into/promotion')).toHaveLength(0);

    await userEvent.click(within(panel).getByRole('radio', { name: 'Option 2. BBQ Pack' }));
    await userEvent.click(within(panel).getByRole('button', { name: 'Read the terms and conditions' }));
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(dialog).toHaveTextContent('Food pack terms: vouchers are valid for 12 months.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Agree' }));
    expect(within(panel).getByRole('checkbox', { name: /accept the terms and conditions/ })).toBeChecked();

    const accountGets = calls.callsTo('GET', '/account/get').length;
    await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Joined promotion successfully.')).toBeVisible();
    expect(calls.callsTo('POST', '/account/opt/into/promotion')[0]?.body).toEqual({
      promotionID: FOOD,
      joinMailingList: false,
      selectedReward: '1:BBQ Pack',
    });
    expect(await screen.findByText('Tracking view of Summer Food Pack Promotion')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Participate' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Promo Details' })).toBeVisible();
    // The joined account the answer carried is the one shown: it is not asked for again.
    expect(await screen.findByRole('region', { name: 'Your Reward' })).toBeVisible();
    expect(calls.callsTo('GET', '/account/get')).toHaveLength(accountGets);
  });

  it('sends the marketing consent, and no reward when prizes are disabled', async () => {
    const calls = api({
      'GET /promotion/get': [foodPackPromotion({ disablePrizes: true })],
      'POST /account/opt/into/promotion': joinedFoodPack(),
    });
    renderRoute(`/promotions/${FOOD}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Participate' }));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: /Keep me updated/ }));
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms and conditions/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    await screen.findByText('Joined promotion successfully.');
    expect(calls.callsTo('POST', '/account/opt/into/promotion')[0]?.body).toEqual({
      promotionID: FOOD,
      joinMailingList: true,
    });
  });

  it('requires a reward when the promotion has rewards and none is chosen', async () => {
    const calls = api({ 'GET /promotion/get': [foodPackPromotion({ defaultUserChoices: undefined })] });
    renderRoute(`/promotions/${FOOD}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Participate' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms and conditions/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Please choose a reward.')).toBeVisible();
    expect(calls.callsTo('POST', '/account/opt/into/promotion')).toHaveLength(0);
  });

  it("shows the server's reason, else 'Joining promotion failed. Please try again.'", async () => {
    api({ 'POST /account/opt/into/promotion': apiError(400, 'This promotion is not open for joining.') });
    renderRoute(`/promotions/${FOOD}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Participate' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms and conditions/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('This promotion is not open for joining.')).toBeVisible();
    cleanup();

    api({ 'POST /account/opt/into/promotion': () => new Response('', { status: 502 }) });
    renderRoute(`/promotions/${FOOD}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Participate' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /accept the terms and conditions/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('Joining promotion failed. Please try again.')).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /accept the terms and conditions/ })).toBeChecked();
  });

  it('offers no Participate once the promotion has ended', async () => {
    api({
      'GET /promotion/get': [
        foodPackPromotion({
          ...promotionDates(Date.now(), { startedDaysAgo: 60, endsInDays: -30 }),
          status: 'done',
        }),
      ],
    });
    renderRoute(`/promotions/${FOOD}`);
    expect(await screen.findByText('This promotion has ended')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Participate' })).not.toBeInTheDocument();
  });

  describe('a joined single-target promotion', () => {
    it('shows tracking first and flips to the details and back', async () => {
      api({ 'GET /account/get': [joinedFoodPack()] });
      renderRoute(`/promotions/${FOOD}`);
      expect(await screen.findByText('Tracking view of Summer Food Pack Promotion')).toBeVisible();
      expect(screen.getByText('All spend values displayed exclude GST')).toBeVisible();
      expect(screen.getByText('Current spend data displayed as at end of last trading day')).toBeVisible();
      expect(screen.getByRole('link', { name: 'How is my target calculated?' })).toHaveAttribute(
        'href',
        '/spend-calculation',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Show Promo Details' }));
      expect(screen.getByRole('tabpanel', { name: 'Summary' })).toBeVisible();
      expect(screen.queryByText(/Tracking view/)).not.toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Track Progress' }));
      expect(screen.getByText('Tracking view of Summer Food Pack Promotion')).toBeVisible();
    });

    it('says a tracking view that crashes went wrong, reports it, and Try again shows it again', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const report = vi.fn();
      provideCrashReporter(report);
      trackingFailure.current = new RangeError('Invalid time value');
      const calls = api({ 'GET /account/get': [joinedFoodPack()] });
      renderRoute(`/promotions/${FOOD}`);
      const heading = await screen.findByRole('heading', { name: 'Something went wrong on this screen' });
      const alert = heading.closest('[role="alert"]') as HTMLElement;
      expect(alert).toHaveTextContent('Try again, or reload the app.');
      expect(alert).not.toHaveTextContent(/connection/i);
      expect(report).toHaveBeenCalledWith(trackingFailure.current, undefined);
      // The rest of the page stays: the footer and its links.
      expect(screen.getByText('All spend values displayed exclude GST')).toBeVisible();

      // Try again asks for the account afresh: the answer the view could not render would fail it again.
      trackingFailure.current = undefined;
      const accountCalls = calls.callsTo('GET', '/account/get').length;
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Tracking view of Summer Food Pack Promotion')).toBeVisible();
      expect(calls.callsTo('GET', '/account/get').length).toBeGreaterThan(accountCalls);
    });

    it('Try again renders the view from the fresh answer, not the one it crashed on', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      provideCrashReporter(vi.fn());
      let answer: Account = { ...joinedFoodPack(), pastProgressDetails: null as never };
      // A whole Response: the first answer is off the contract on purpose, to crash the view.
      api({ 'GET /account/get': () => HttpResponse.json([answer]) });
      renderRoute(`/promotions/${FOOD}`);
      const heading = await screen.findByRole('heading', { name: 'Something went wrong on this screen' });
      const alert = heading.closest('[role="alert"]') as HTMLElement;

      answer = joinedFoodPack();
      await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Tracking view of Summer Food Pack Promotion')).toBeVisible();
      expect(
        screen.queryByRole('heading', { name: 'Something went wrong on this screen' }),
      ).not.toBeInTheDocument();
    });

    it("asks to check the connection and reload when the view's code did not download", async () => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const report = vi.fn();
      provideCrashReporter(report);
      trackingFailure.current = Object.assign(new Error('Loading chunk 88 failed.'), {
        name: 'ChunkLoadError',
      });
      api({ 'GET /account/get': [joinedFoodPack()] });
      renderRoute(`/promotions/${FOOD}`);
      const heading = await screen.findByRole('heading', { name: 'Your progress could not be shown' });
      expect(heading.closest('[role="alert"]')).toHaveTextContent(
        'Check your connection and reload the page.',
      );
      expect(screen.getByRole('button', { name: 'Reload' })).toBeVisible();
      expect(report).not.toHaveBeenCalled();
    });

    it("opens the promotion's terms from the footer", async () => {
      api({ 'GET /account/get': [joinedFoodPack()] });
      renderRoute(`/promotions/${FOOD}`);
      await userEvent.click(await screen.findByRole('button', { name: 'Terms and Conditions' }));
      const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
      expect(dialog).toHaveTextContent('Food pack terms');
      expect(within(dialog).queryByRole('button', { name: 'Agree' })).not.toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it("saves a reward as soon as it is picked, as 'Option n. title' radios", async () => {
      let account = joinedFoodPack();
      const calls = api({
        'GET /account/get': () => [account],
        'POST /account/promotion/update/choices': () => (account = joinedFoodPack('1:Breakfast Pack')),
      });
      renderRoute(`/promotions/${FOOD}`);
      const section = await screen.findByRole('region', { name: 'Your Reward' });
      expect(
        within(section)
          .getAllByRole('radio')
          .map((radio) => radio.closest('label')?.textContent),
      ).toEqual([
        'Option 1. Build your Own Pack',
        'Option 2. BBQ Pack',
        'Option 3. Breakfast Pack',
        'Option 4. Family Feast Pack',
      ]);
      expect(within(section).getByRole('radio', { name: 'Option 1. Build your Own Pack' })).toBeChecked();
      const accountGets = calls.callsTo('GET', '/account/get').length;
      await userEvent.click(within(section).getByRole('radio', { name: 'Option 3. Breakfast Pack' }));
      expect(await screen.findByText('Your reward choice has been saved.')).toBeVisible();
      // The save answered with the account: it is stored as it came, and not asked for again.
      await waitFor(() => expect(within(section).getByRole('group')).toHaveAttribute('aria-busy', 'false'));
      expect(calls.callsTo('GET', '/account/get')).toHaveLength(accountGets);
      expect(calls.callsTo('POST', '/account/promotion/update/choices')[0]?.body).toEqual({
        promotionID: FOOD,
        userChoices: { selectedReward: '1:Breakfast Pack' },
      });
      expect(within(section).getByRole('radio', { name: 'Option 3. Breakfast Pack' })).toBeChecked();
    });

    it('goes back to the saved reward when saving fails', async () => {
      api({
        'GET /account/get': [joinedFoodPack()],
        'POST /account/promotion/update/choices': apiError(
          400,
          'Reward choices are locked for this promotion.',
        ),
      });
      renderRoute(`/promotions/${FOOD}`);
      const section = await screen.findByRole('region', { name: 'Your Reward' });
      await userEvent.click(within(section).getByRole('radio', { name: 'Option 2. BBQ Pack' }));
      expect(await screen.findByText('Reward choices are locked for this promotion.')).toBeVisible();
      expect(within(section).getByRole('radio', { name: 'Option 1. Build your Own Pack' })).toBeChecked();
    });

    it('says when no reward is chosen', async () => {
      api({ 'GET /account/get': [joinedFoodPack(null)] });
      renderRoute(`/promotions/${FOOD}`);
      expect(
        await screen.findByText('You have not chosen a reward yet. Please choose an option below.'),
      ).toBeVisible();
      expect(
        screen.getAllByRole('radio').filter((radio) => (radio as HTMLInputElement).checked),
      ).toHaveLength(0);
    });

    it('disables the radios after choicesLockTime', async () => {
      api({
        'GET /account/get': [joinedFoodPack()],
        'GET /promotion/get': [foodPackPromotion({ choicesLockTime: Date.now() - DAY_MS })],
      });
      renderRoute(`/promotions/${FOOD}`);
      const section = await screen.findByRole('region', { name: 'Your Reward' });
      expect(within(section).getByText('Reward choices are now locked.')).toBeVisible();
      for (const radio of within(section).getAllByRole('radio')) expect(radio).toBeDisabled();
    });
  });

  describe("a joined multi-target promotion's 'Update your Reward' panel", () => {
    it('has a tab per unlocked target and needs a reward for each', async () => {
      let account = customerAccount();
      const calls = api({
        'GET /account/get': () => [account],
        'POST /account/promotion/update/choices': () =>
          (account = customerAccount({ selectedReward: '1:BBQ Hamper,2:Coffee Lovers Hamper' })),
      });
      renderRoute(`/promotions/${HAMPERS}`);
      const panel = await screen.findByRole('region', { name: 'Update your Reward' });
      expect(within(panel).getByText('You have unlocked Target 2')).toBeVisible();
      expect(
        within(panel)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Target 1', 'Target 2']);
      expect(within(panel).getByRole('radio', { name: 'BBQ Hamper' })).toBeChecked();

      await userEvent.click(within(panel).getByRole('button', { name: 'Update Selection' }));
      expect(await within(panel).findByText('Please select a reward for each target.')).toBeVisible();
      expect(within(panel).getByRole('tab', { name: 'Target 2' })).toHaveAttribute('aria-selected', 'true');
      expect(calls.callsTo('POST', '/account/promotion/update/choices')).toHaveLength(0);

      await userEvent.click(
        within(within(panel).getByRole('tabpanel', { name: 'Target 2' })).getByRole('radio', {
          name: 'Coffee Lovers Hamper',
        }),
      );
      await userEvent.click(within(panel).getByRole('button', { name: 'Update Selection' }));
      expect(await screen.findByText('Your reward choice has been saved.')).toBeVisible();
      expect(calls.callsTo('POST', '/account/promotion/update/choices')[0]?.body).toEqual({
        promotionID: HAMPERS,
        userChoices: { selectedReward: '1:BBQ Hamper,2:Coffee Lovers Hamper' },
      });
      expect(within(panel).queryByText('You have unsaved changes.')).not.toBeInTheDocument();
    });

    it('holds edits until saved, across the details view, and warns with the exact prompt on leaving', async () => {
      const confirm = vi.fn(() => false);
      vi.stubGlobal('confirm', confirm);
      api();
      const { history } = renderRoute(`/promotions/${HAMPERS}`);
      const panel = await screen.findByRole('region', { name: 'Update your Reward' });
      await userEvent.click(within(panel).getByRole('radio', { name: 'Gourmet Hamper' }));
      expect(within(panel).getByText('You have unsaved changes.')).toBeVisible();

      await userEvent.click(screen.getByRole('button', { name: 'Show Promo Details' }));
      await userEvent.click(screen.getByRole('button', { name: 'Track Progress' }));
      expect(
        within(screen.getByRole('region', { name: 'Update your Reward' })).getByRole('radio', {
          name: 'Gourmet Hamper',
        }),
      ).toBeChecked();

      act(() => history.push('/'));
      expect(confirm).toHaveBeenCalledWith(UNSAVED_CHANGES_PROMPT);
      expect(history.location.pathname).toBe(`/promotions/${HAMPERS}`);

      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).toBe(true);

      confirm.mockReturnValue(true);
      act(() => history.push('/my-account'));
      await waitFor(() => expect(history.location.pathname).toBe('/my-account'));
    });

    it('does not warn without unsaved edits', async () => {
      const confirm = vi.fn(() => true);
      vi.stubGlobal('confirm', confirm);
      api({ 'GET /promotion/get': [hamperPromotion()] });
      const { history } = renderRoute(`/promotions/${HAMPERS}`);
      await screen.findByRole('region', { name: 'Update your Reward' });
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      expect(unload.defaultPrevented).toBe(false);
      act(() => history.push('/my-account'));
      await waitFor(() => expect(history.location.pathname).toBe('/my-account'));
      expect(confirm).not.toHaveBeenCalled();
    });

    it('offers target 1 before any target is reached', async () => {
      api({
        'GET /account/get': [customerAccount({ totalSpend: 100, byDivision: {}, selectedReward: null })],
      });
      renderRoute(`/promotions/${HAMPERS}`);
      const panel = await screen.findByRole('region', { name: 'Update your Reward' });
      expect(
        within(panel).getByText('Reach Target 1 to unlock your first reward. You can choose it now.'),
      ).toBeVisible();
      expect(
        within(panel)
          .getAllByRole('tab')
          .map((tab) => tab.textContent),
      ).toEqual(['Target 1']);
    });

    it('disables the radios and Update Selection after choicesLockTime', async () => {
      api({ 'GET /promotion/get': [hamperPromotion({ choicesLockTime: Date.now() - DAY_MS })] });
      renderRoute(`/promotions/${HAMPERS}`);
      const panel = await screen.findByRole('region', { name: 'Update your Reward' });
      expect(within(panel).getByRole('button', { name: 'Update Selection' })).toBeDisabled();
      for (const radio of within(panel).getAllByRole('radio', { hidden: true })) expect(radio).toBeDisabled();
    });
  });

  describe('actions while offline', () => {
    // TanStack Query's online manager follows the events: back online for the next test.
    afterEach(() => void window.dispatchEvent(new Event('online')));

    /** The browser says it is offline, as navigator.onLine and its event do. */
    function goOffline() {
      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      act(() => void window.dispatchEvent(new Event('offline')));
    }

    /** The connection drops while the request is on its way: fetch rejects. */
    const connectionDrops = () => HttpResponse.error();

    async function fillJoinPanel() {
      await userEvent.click(await screen.findByRole('button', { name: 'Participate' }));
      const panel = await screen.findByRole('region', { name: 'Join this promotion' });
      await userEvent.click(within(panel).getByRole('radio', { name: 'Option 2. BBQ Pack' }));
      await userEvent.click(within(panel).getByRole('checkbox', { name: /Keep me updated/ }));
      await userEvent.click(within(panel).getByRole('checkbox', { name: /accept the terms and conditions/ }));
      return panel;
    }

    async function expectJoinPanelKept(panel: HTMLElement) {
      // The message is drawn before the attempt ends, so Accept comes back a moment later.
      await waitFor(() => expect(within(panel).getByRole('button', { name: 'Accept' })).toBeEnabled());
      expect(within(panel).getByRole('alert')).toHaveTextContent(OFFLINE_ACTION_MESSAGE);
      expect(within(panel).getByRole('radio', { name: 'Option 2. BBQ Pack' })).toBeChecked();
      expect(within(panel).getByRole('checkbox', { name: /Keep me updated/ })).toBeChecked();
      expect(within(panel).getByRole('checkbox', { name: /accept the terms and conditions/ })).toBeChecked();
      expect(screen.queryByText('Joining promotion failed. Please try again.')).not.toBeInTheDocument();
    }

    it('joining while offline sends nothing, says so and keeps the choices', async () => {
      const calls = api({ 'POST /account/opt/into/promotion': joinedFoodPack() });
      renderRoute(`/promotions/${FOOD}`);
      const panel = await fillJoinPanel();
      goOffline();
      await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
      await within(panel).findByRole('alert');
      await expectJoinPanelKept(panel);
      expect(calls.callsTo('POST', '/account/opt/into/promotion')).toHaveLength(0);
    });

    it('joining when the connection drops on the way says the same and keeps the choices', async () => {
      api({ 'POST /account/opt/into/promotion': connectionDrops });
      renderRoute(`/promotions/${FOOD}`);
      const panel = await fillJoinPanel();
      await userEvent.click(within(panel).getByRole('button', { name: 'Accept' }));
      await within(panel).findByRole('alert');
      await expectJoinPanelKept(panel);
    });

    it('a reward picked while offline stays picked, is not sent, and can be sent again', async () => {
      let account = joinedFoodPack();
      const calls = api({
        'GET /account/get': () => [account],
        'POST /account/promotion/update/choices': () => (account = joinedFoodPack('1:BBQ Pack')),
      });
      renderRoute(`/promotions/${FOOD}`);
      const section = await screen.findByRole('region', { name: 'Your Reward' });
      goOffline();
      await userEvent.click(within(section).getByRole('radio', { name: 'Option 2. BBQ Pack' }));
      expect(await within(section).findByRole('alert')).toHaveTextContent(OFFLINE_ACTION_MESSAGE);
      expect(within(section).getByRole('radio', { name: 'Option 2. BBQ Pack' })).toBeChecked();
      expect(calls.callsTo('POST', '/account/promotion/update/choices')).toHaveLength(0);
      expect(
        screen.queryByText('Your reward choice could not be saved. Please try again.'),
      ).not.toBeInTheDocument();

      vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await userEvent.click(within(section).getByRole('button', { name: 'Try again' }));
      expect(await screen.findByText('Your reward choice has been saved.')).toBeVisible();
      expect(calls.callsTo('POST', '/account/promotion/update/choices')[0]?.body).toEqual({
        promotionID: FOOD,
        userChoices: { selectedReward: '1:BBQ Pack' },
      });
      expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
    });

    it('a reward whose save is cut off on the way stays picked, with the same message', async () => {
      api({
        'GET /account/get': [joinedFoodPack()],
        'POST /account/promotion/update/choices': connectionDrops,
      });
      renderRoute(`/promotions/${FOOD}`);
      const section = await screen.findByRole('region', { name: 'Your Reward' });
      await userEvent.click(within(section).getByRole('radio', { name: 'Option 3. Breakfast Pack' }));
      expect(await within(section).findByRole('alert')).toHaveTextContent(OFFLINE_ACTION_MESSAGE);
      expect(within(section).getByRole('radio', { name: 'Option 3. Breakfast Pack' })).toBeChecked();
    });

    it.each([
      ['while offline', undefined],
      ['when the connection drops on the way', connectionDrops],
    ])('multi-target choices updated %s stay as edited, unsaved, with the message', async (_case, drop) => {
      const calls = api(drop ? { 'POST /account/promotion/update/choices': drop } : {});
      renderRoute(`/promotions/${HAMPERS}`);
      const panel = await screen.findByRole('region', { name: 'Update your Reward' });
      await userEvent.click(within(panel).getByRole('radio', { name: 'Gourmet Hamper' }));
      await userEvent.click(within(panel).getByRole('tab', { name: 'Target 2' }));
      await userEvent.click(
        within(within(panel).getByRole('tabpanel', { name: 'Target 2' })).getByRole('radio', {
          name: 'Coffee Lovers Hamper',
        }),
      );
      if (!drop) goOffline();
      await userEvent.click(within(panel).getByRole('button', { name: 'Update Selection' }));
      expect(await within(panel).findByRole('alert')).toHaveTextContent(OFFLINE_ACTION_MESSAGE);
      expect(within(panel).getByText('You have unsaved changes.')).toBeVisible();
      expect(within(panel).getByRole('radio', { name: 'Coffee Lovers Hamper' })).toBeChecked();
      await userEvent.click(within(panel).getByRole('tab', { name: 'Target 1' }));
      expect(within(panel).getByRole('radio', { name: 'Gourmet Hamper' })).toBeChecked();
      if (!drop) expect(calls.callsTo('POST', '/account/promotion/update/choices')).toHaveLength(0);
    });
  });
});

describe('the app badge', () => {
  /** A browser with the Badging API, recording what the page sets. */
  function stubBadge() {
    const badge = {
      setAppBadge: vi.fn(() => Promise.resolve()),
      clearAppBadge: vi.fn(() => Promise.resolve()),
    };
    Object.assign(navigator, badge);
    return badge;
  }
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'setAppBadge');
    Reflect.deleteProperty(navigator, 'clearAppBadge');
  });

  it('counts the unlocked targets waiting for a reward, and drops when one is chosen', async () => {
    const badge = stubBadge();
    // The food pack's one target reached with nothing chosen; the hampers' Target 2 also unchosen.
    const figures = (food: string | null) =>
      withFigures(
        buildAccount(),
        hamperFigures({ selectedReward: '1:BBQ Hamper' }),
        foodPackFigures({ enrolled: true, joinedAt: Date.now(), totalSpend: 23_000, selectedReward: food }),
      );
    let account = figures(null);
    api({
      'GET /account/get': () => [account],
      'GET /promotion/get': (call: { query: URLSearchParams }) =>
        [foodPackPromotion(), hamperPromotion()].filter(
          (promotion) => !call.query.get('ids') || call.query.get('ids')?.split(',').includes(promotion.id),
        ),
      'GET /notifications/preferences': { choices: [], appBadge: true },
      'POST /account/promotion/update/choices': () => (account = figures('1:BBQ Pack')),
    });
    renderRoute(`/promotions/${FOOD}`);
    await waitFor(() => expect(badge.setAppBadge).toHaveBeenLastCalledWith(2));
    const section = await screen.findByRole('region', { name: 'Your Reward' });
    await userEvent.click(within(section).getByRole('radio', { name: 'Option 2. BBQ Pack' }));
    await waitFor(() => expect(badge.setAppBadge).toHaveBeenLastCalledWith(1));
    expect(badge.clearAppBadge).not.toHaveBeenCalled();
  });

  it('is cleared, and nothing more is fetched for it, for a customer who has not turned it on', async () => {
    const badge = stubBadge();
    const calls = api({ 'GET /notifications/preferences': { choices: [], appBadge: false } });
    renderRoute(`/promotions/${HAMPERS}`);
    await waitFor(() => expect(badge.clearAppBadge).toHaveBeenCalled());
    expect(badge.setAppBadge).not.toHaveBeenCalled();
    // Only the page's own promotion: the badge asked for no list of promotions.
    expect(calls.callsTo('GET', '/promotion/get').map((call) => call.query.get('ids'))).toEqual([HAMPERS]);
  });

  it('is left alone where the Badging API is missing', async () => {
    const calls = api();
    renderRoute(`/promotions/${HAMPERS}`);
    await screen.findByRole('region', { name: 'Update your Reward' });
    expect(calls.callsTo('GET', '/notifications/preferences')).toHaveLength(0);
  });
});
