import type {
  Account,
  AccountAssociationAnswer,
  ApiErrorBody,
  AssociationsConfirmationStatus,
  Promotion,
} from '@promo/domain/types';
import {
  buildMultiTargetPromotion,
  buildPromotionFigures,
  buildTargets,
  promotionDates,
} from '@promo/domain/testing/data-generators';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountStore } from '../accounts/account-store';
import { PromotionStore } from '../promotions/promotion-store';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_PROMOTION_IDS } from '../seed/demo-logins';
import type { CustomerFixture } from '../seed/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ volumeAccounts: 60 });
});
afterAll(async () => {
  await t.app.close();
});

const { foodPack, multiTarget, finished } = DEMO_PROMOTION_IDS;

/** A fresh customer of the given scenario, signed in. */
async function freshCustomer(scenario: AssociationsConfirmationStatus) {
  const response = await t.post('/api/v1/dev/fixtures/customer', { scenario });
  expect(response.statusCode, response.body).toBe(200);
  const fixture = response.json<CustomerFixture>();
  const cookie = await t.login(fixture.email, fixture.password);
  const account = async () =>
    (await t.get(`/api/v1/account/get?ids=${fixture.accountId}`, cookie)).json<Account[]>()[0];
  return { ...fixture, cookie, account };
}

async function promotion(id: string, cookie: string): Promise<Promotion> {
  const [found] = (await t.get(`/api/v1/promotion/get?ids=${id}`, cookie)).json<Promotion[]>();
  if (!found) throw new Error(`no promotion ${id}`);
  return found;
}

function answersFor(
  account: Account,
  confirmed: (index: number) => boolean,
  other: boolean,
): AccountAssociationAnswer[] {
  return [
    ...account.divisionDetails.map((division, index) => ({
      id: division.id,
      divisionID: division.division,
      division: division.division,
      confirmed: confirmed(index),
    })),
    { id: 'other', divisionID: '', division: 'other', confirmed: other },
  ];
}

describe('GET /account/get', () => {
  it('gives a customer their own account with its promotion figures', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await t.get(`/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.customer}`, cookie);
    expect(response.statusCode).toBe(200);
    const [account] = response.json<Account[]>();
    expect(account?.associationsConfirmationStatus).toBe('confirmed');
    expect(account?.enrolledPromotions.map((entry) => entry.promotionID)).toEqual([multiTarget, finished]);
    expect(account?.targetDetails[multiTarget]).toHaveLength(3);
    expect(account?.promotionUserChoices[multiTarget]).toEqual({ selectedReward: '1:BBQ Hamper' });
    expect(account?.promotionUserChoices[foodPack]).toBeUndefined();
  });

  it('forbids a customer reading another account', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await t.get(
      `/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.customer},${DEMO_ACCOUNT_IDS.challenged}`,
      cookie,
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().message).toBe('You can only view your own account.');
  });

  it('limits a rep to the accounts of their regions', async () => {
    const north = await t.login(DEMO_EMAILS.repNorth);
    const auckland = await t.get(`/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.customer}`, north);
    expect(auckland.json<Account[]>().map((account) => account.primaryRegion)).toEqual(['Auckland']);
    const waikato = await t.get(`/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.unconfirmed}`, north);
    expect(waikato.statusCode).toBe(403);
    expect(waikato.json<ApiErrorBody>().message).toBe(
      `Account ${DEMO_ACCOUNT_IDS.unconfirmed} is outside your regions.`,
    );

    const everywhere = await t.login(DEMO_EMAILS.rep);
    const both = await t.get(
      `/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.unconfirmed},${DEMO_ACCOUNT_IDS.customer}`,
      everywhere,
    );
    expect(both.json<Account[]>().map((account) => account.id)).toEqual([
      DEMO_ACCOUNT_IDS.unconfirmed,
      DEMO_ACCOUNT_IDS.customer,
    ]);
  });

  it('requires ids', async () => {
    const cookie = await t.login(DEMO_EMAILS.rep);
    const response = await t.get('/api/v1/account/get', cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('ids: Required');
    expect((await t.get('/api/v1/account/get?ids=,,', cookie)).json<ApiErrorBody>().message).toBe(
      'ids: Required',
    );
  });
});

describe('POST /account/confirm/account/association', () => {
  it('confirms when every linked account and Other are answered Yes/No correctly', async () => {
    const customer = await freshCustomer('unconfirmed');
    const account = (await customer.account()) as Account;
    expect(account.associationsConfirmationStatus).toBe('unconfirmed');
    const response = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: answersFor(account, () => true, false), comment: '' },
      customer.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Account>().associationsConfirmationStatus).toBe('confirmed');
    expect((await customer.account())?.associationsConfirmationStatus).toBe('confirmed');

    const again = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: answersFor(account, () => true, false), comment: '' },
      customer.cookie,
    );
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: 'Bad Request',
      message: 'Account associations are already confirmed.',
    });
  });

  it('is challenged when a linked account is answered No', async () => {
    const customer = await freshCustomer('unconfirmed');
    const account = (await customer.account()) as Account;
    const response = await t.post(
      '/api/v1/account/confirm/account/association',
      {
        associations: answersFor(account, (index) => index !== 1, false),
        comment: 'TTP account is not ours',
      },
      customer.cookie,
    );
    expect(response.json<Account>().associationsConfirmationStatus).toBe('challenged');
  });

  it('is challenged when Other is answered Yes', async () => {
    const customer = await freshCustomer('unconfirmed');
    const account = (await customer.account()) as Account;
    const response = await t.post(
      '/api/v1/account/confirm/account/association',
      {
        associations: answersFor(account, () => true, true),
        comment: 'We also buy from NZ Brake Co as ACME',
      },
      customer.cookie,
    );
    expect(response.json<Account>().associationsConfirmationStatus).toBe('challenged');
  });

  it('refuses a resubmission while the team reviews a challenge', async () => {
    const customer = await freshCustomer('challenged');
    const account = (await customer.account()) as Account;
    const response = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: answersFor(account, () => true, false), comment: '' },
      customer.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(
      'Account associations are already under review by the Ezy Rewards team.',
    );
  });

  it('requires every linked account and the Other question to be answered', async () => {
    const customer = await freshCustomer('unconfirmed');
    const account = (await customer.account()) as Account;
    const all = answersFor(account, () => true, false);
    const missingOne = all.filter((answer) => answer.id !== account.divisionDetails[0]?.id);
    const first = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: missingOne, comment: '' },
      customer.cookie,
    );
    expect(first.json<ApiErrorBody>().message).toBe(
      `associations: ${account.divisionDetails[0]?.id} is not answered.`,
    );

    const missingOther = all.filter((answer) => answer.division !== 'other');
    const second = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: missingOther, comment: '' },
      customer.cookie,
    );
    expect(second.json<ApiErrorBody>().message).toBe('associations: the "Other" question is not answered.');

    const foreign = [...all, { id: 'ATL10001', divisionID: 'A', division: 'A', confirmed: true }];
    const third = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: foreign, comment: '' },
      customer.cookie,
    );
    expect(third.json<ApiErrorBody>().message).toBe(
      'associations: ATL10001 is not one of your linked accounts.',
    );

    const badType = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: [{ ...all[0], confirmed: 'yes' }], comment: '' },
      customer.cookie,
    );
    expect(badType.json<ApiErrorBody>().message).toBe(
      'associations.0.confirmed: Invalid input: expected boolean, received string',
    );

    // Nothing above changed the status.
    expect((await customer.account())?.associationsConfirmationStatus).toBe('unconfirmed');
  });

  it('is for customers only', async () => {
    const rep = await t.login(DEMO_EMAILS.rep);
    const response = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: [], comment: '' },
      rep,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('POST /account/opt/into/promotion', () => {
  it('joins an active promotion with its default reward, idempotently', async () => {
    const customer = await freshCustomer('confirmed');
    const joined = await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: foodPack, joinMailingList: true },
      customer.cookie,
    );
    expect(joined.statusCode, joined.body).toBe(200);
    const account = joined.json<Account>();
    const entry = account.enrolledPromotions.find((enrolment) => enrolment.promotionID === foodPack);
    expect(entry?.joinedTimestamp).toBe(t.clock.now);
    expect(account.promotionUserChoices[foodPack]).toEqual({ selectedReward: '1:Build your Own Pack' });

    const again = await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: foodPack, joinMailingList: false, selectedReward: '1:BBQ Pack' },
      customer.cookie,
    );
    expect(again.statusCode).toBe(200);
    expect(
      again.json<Account>().enrolledPromotions.filter((enrolment) => enrolment.promotionID === foodPack),
    ).toHaveLength(1);
    expect(again.json<Account>().promotionUserChoices[foodPack]).toEqual({
      selectedReward: '1:Build your Own Pack',
    });
  });

  it('stores the chosen reward when one is sent', async () => {
    const customer = await freshCustomer('confirmed');
    const joined = await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: foodPack, joinMailingList: false, selectedReward: ' 1:Breakfast Pack ' },
      customer.cookie,
    );
    expect(joined.json<Account>().promotionUserChoices[foodPack]).toEqual({
      selectedReward: '1:Breakfast Pack',
    });
  });

  it('refuses a reward that is not a prize of the promotion', async () => {
    const customer = await freshCustomer('confirmed');
    const response = await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: foodPack, joinMailingList: false, selectedReward: '1:Lobster Pack' },
      customer.cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(
      'selectedReward: "Lobster Pack" is not a reward of this promotion.',
    );
    expect(
      (await customer.account())?.enrolledPromotions.some((entry) => entry.promotionID === foodPack),
    ).toBe(false);
  });

  it('refuses joining and choosing a reward until the linked accounts are confirmed', async () => {
    const join = { promotionID: foodPack, joinMailingList: false };
    const choose = { promotionID: multiTarget, userChoices: { selectedReward: null } };
    for (const [scenario, message] of [
      ['unconfirmed', 'Your linked accounts are not confirmed yet.'],
      ['challenged', 'Your linked accounts are under review by the Ezy Rewards team.'],
    ] as const) {
      const customer = await freshCustomer(scenario);
      for (const [path, body] of [
        ['/api/v1/account/opt/into/promotion', join],
        ['/api/v1/account/promotion/update/choices', choose],
        ['/api/v1/account/update/tracking', { type: 'promotion_view', key: foodPack.toLowerCase() }],
      ] as const) {
        const refused = await t.post(path, body, customer.cookie);
        expect(refused.statusCode, `${scenario} ${path}`).toBe(403);
        expect(refused.json<ApiErrorBody>().message).toBe(message);
      }
      expect((await customer.account())?.enrolledPromotions).toEqual([]);
    }
  });

  it('refuses a finished promotion and an unknown one', async () => {
    const customer = await freshCustomer('unconfirmed');
    const confirmed = await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: answersFor((await customer.account()) as Account, () => true, false), comment: '' },
      customer.cookie,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const done = await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: finished, joinMailingList: false },
      customer.cookie,
    );
    expect(done.statusCode).toBe(400);
    expect(done.json<ApiErrorBody>().message).toBe('This promotion is not open for joining.');
    const unknown = await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: 'PROMO-Nope', joinMailingList: false },
      customer.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().message).toBe('Promotion PROMO-Nope does not exist.');
  });

  it('validates the body and the role', async () => {
    const customer = await freshCustomer('confirmed');
    const response = await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: foodPack, joinMailingList: 'yes' },
      customer.cookie,
    );
    expect(response.json<ApiErrorBody>().message).toBe(
      'joinMailingList: Invalid input: expected boolean, received string',
    );
    const rep = await t.login(DEMO_EMAILS.rep);
    expect(
      (
        await t.post(
          '/api/v1/account/opt/into/promotion',
          { promotionID: foodPack, joinMailingList: true },
          rep,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.post('/api/v1/account/opt/into/promotion', { promotionID: foodPack, joinMailingList: true }))
        .statusCode,
    ).toBe(401);
  });
});

describe('POST /account/promotion/update/choices', () => {
  const update = (cookie: string, promotionID: string, selectedReward: unknown) =>
    t.post(
      '/api/v1/account/promotion/update/choices',
      { promotionID, userChoices: { selectedReward } },
      cookie,
    );

  it('updates the reward for each target of a multi-target promotion', async () => {
    const customer = await freshCustomer('confirmed');
    const response = await update(customer.cookie, multiTarget, '2:Coffee Lovers Hamper,1:Gourmet Hamper');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Account>().promotionUserChoices[multiTarget]).toEqual({
      selectedReward: '1:Gourmet Hamper,2:Coffee Lovers Hamper',
    });
  });

  it.each([
    [
      'Gourmet Hamper',
      'userChoices.selectedReward: Reward choice "Gourmet Hamper" is not in the form targetNumber:prizeTitle.',
    ],
    [
      'x:Gourmet Hamper',
      'userChoices.selectedReward: Reward choice "x:Gourmet Hamper" is not in the form targetNumber:prizeTitle.',
    ],
    ['4:Gourmet Hamper', 'userChoices.selectedReward: Target 4 does not exist for this account.'],
    ['0:Gourmet Hamper', 'userChoices.selectedReward: Target 0 does not exist for this account.'],
    ['1:Gourmet', 'userChoices.selectedReward: "Gourmet" is not a reward of this promotion.'],
    [
      '1:BBQ Hamper,1:Gourmet Hamper',
      'userChoices.selectedReward: Target 1 has more than one reward choice.',
    ],
  ])('rejects %j', async (selectedReward, message) => {
    const customer = await freshCustomer('confirmed');
    const response = await update(customer.cookie, multiTarget, selectedReward);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(message);
    expect((await customer.account())?.promotionUserChoices[multiTarget]).toEqual({
      selectedReward: '1:BBQ Hamper',
    });
  });

  it('rejects an empty or missing choice', async () => {
    const customer = await freshCustomer('confirmed');
    expect((await update(customer.cookie, multiTarget, '')).json<ApiErrorBody>().message).toBe(
      'userChoices.selectedReward: Required',
    );
    expect((await update(customer.cookie, multiTarget, undefined)).json<ApiErrorBody>().message).toBe(
      'userChoices.selectedReward: Required',
    );
  });

  it('requires the account to have joined the promotion', async () => {
    const customer = await freshCustomer('confirmed');
    const response = await update(customer.cookie, foodPack, '1:BBQ Pack');
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('You have not joined this promotion.');
  });

  it('locks choices from choicesLockTime on', async () => {
    const customer = await freshCustomer('confirmed');
    await t.post(
      '/api/v1/account/opt/into/promotion',
      { promotionID: foodPack, joinMailingList: false },
      customer.cookie,
    );
    const lockTime = (await promotion(foodPack, customer.cookie)).choicesLockTime as number;
    expect(lockTime).toBeGreaterThan(t.clock.now);
    const start = t.clock.now;
    try {
      // Days pass: sign in again, as the 12-hour session would have ended.
      t.clock.now = lockTime - 1;
      const before = await t.login(customer.email);
      expect((await update(before, foodPack, '1:BBQ Pack')).statusCode).toBe(200);
      t.clock.now = lockTime;
      const locked = await update(before, foodPack, '1:Family Feast Pack');
      expect(locked.statusCode).toBe(400);
      expect(locked.json()).toEqual({
        error: 'Bad Request',
        message: 'Reward choices are locked for this promotion.',
      });
    } finally {
      t.clock.now = start;
    }
    const [account] = (
      await t.get(`/api/v1/account/get?ids=${customer.accountId}`, await t.login(customer.email))
    ).json<Account[]>();
    expect(account?.promotionUserChoices[foodPack]).toEqual({ selectedReward: '1:BBQ Pack' });
  });

  it('closes choices with the promotion when it has no lock time', async () => {
    const customer = await freshCustomer('confirmed');
    const noLock = buildMultiTargetPromotion({
      id: 'PROMO-NoLockTime',
      ...promotionDates(t.clock.now, { startedDaysAgo: 10, endsInDays: 10 }),
      choicesLockTime: undefined,
    });
    new PromotionStore(t.db).insert(noLock, 99);
    new AccountStore(t.db).insertProgress({
      accountId: customer.accountId,
      joinMailingList: false,
      ...buildPromotionFigures({
        promotionId: noLock.id,
        targets: buildTargets(10_000, 20_000, 30_000),
        selectedReward: '1:Gourmet Hamper',
      }),
    });
    const start = t.clock.now;
    try {
      t.clock.now = noLock.endTimestamp - 1;
      const before = await t.login(customer.email);
      expect((await update(before, noLock.id, '1:BBQ Hamper')).statusCode).toBe(200);
      t.clock.now = noLock.endTimestamp;
      const locked = await update(before, noLock.id, '1:Coffee Lovers Hamper');
      expect(locked.json<ApiErrorBody>().message).toBe('Reward choices are locked for this promotion.');
    } finally {
      t.clock.now = start;
    }
  });

  it('keeps a finished promotion locked', async () => {
    const customer = await freshCustomer('confirmed');
    const response = await update(customer.cookie, finished, '1:Sausage Sizzle Pack');
    expect(response.json<ApiErrorBody>().message).toBe('Reward choices are locked for this promotion.');
  });
});

describe('POST /account/update/tracking', () => {
  it('records a promotion view under the lowercased id', async () => {
    const customer = await freshCustomer('confirmed');
    const key = foodPack.toLowerCase();
    const response = await t.post(
      '/api/v1/account/update/tracking',
      { type: 'promotion_view', key },
      customer.cookie,
    );
    expect(response.json()).toEqual({ ok: true });
    expect((await customer.account())?.trackingTimestamps[`promotion_view.${key}`]).toBe(t.clock.now);
  });

  it('rejects unknown types, unknown promotions and uppercase keys', async () => {
    const customer = await freshCustomer('confirmed');
    const post = (body: unknown) => t.post('/api/v1/account/update/tracking', body, customer.cookie);
    expect((await post({ type: 'click', key: 'x' })).json<ApiErrorBody>().message).toBe(
      'type: Invalid input: expected "promotion_view"',
    );
    expect((await post({ type: 'promotion_view', key: 'promo-nope' })).json<ApiErrorBody>().message).toBe(
      'key: Unknown promotion promo-nope.',
    );
    expect((await post({ type: 'promotion_view', key: foodPack })).json<ApiErrorBody>().message).toBe(
      'key: Must be a lowercased promotion id',
    );
  });
});
