import { describe, expect, it } from 'vitest';
import {
  appBadgeCount,
  customerNotifications,
  type CustomerPromotionState,
} from './customer-notification.rules';
import { notificationKey, notificationKeyText, pushPayload } from './notification.rules';
import { isQuietHour, pushAllowedAt } from './quiet-hours.rules';
import { repCustomerUnlocked, repWeeklyDigest } from './rep-digest.rules';
import { digestDueAt, type RepCustomerState } from './rep-notification.rules';

/** An instant at a NZ wall-clock time, with the offset of that date: '+13:00' in daylight time, '+12:00' otherwise. */
const nz = (isoDate: string, time = '12:00', offset = '+13:00') =>
  Date.parse(`${isoDate}T${time}:00${offset}`);

// Monday 6 November to Friday 8 December 2023: 25 trading days, no holidays (NZ daylight time).
const promotion = {
  id: 'PROMO-TierUp',
  name: 'Tier Up Hamper Challenge',
  startTimestamp: nz('2023-11-06', '00:00'),
  endTimestamp: nz('2023-12-08', '23:59'),
  status: 'active',
  choicesLockTime: nz('2023-12-05', '00:00'),
};
const targets = [
  { targetNumber: 1, amount: 20_000 },
  { targetNumber: 2, amount: 30_000 },
  { targetNumber: 3, amount: 40_000 },
];
const state = (over: Partial<CustomerPromotionState> = {}): CustomerPromotionState => ({
  accountId: 'G100001',
  promotion,
  enrolled: true,
  totalSpend: 10_000,
  targets,
  selectedReward: null,
  ...over,
});
const kinds = (decisions: { kind: string }[]) => decisions.map((decision) => decision.kind);

describe('customer notifications', () => {
  const monday = nz('2023-11-20');

  it('says a target is unlocked while its reward is still to choose, in the product wording', () => {
    const decisions = customerNotifications(
      state({ totalSpend: 31_000, selectedReward: '1:BBQ Hamper' }),
      monday,
    );
    const unlocked = decisions.filter((decision) => decision.kind === 'target-unlocked');
    expect(unlocked).toEqual([
      expect.objectContaining({
        target: 2,
        body: "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
        path: '/promotions/PROMO-TierUp',
      }),
    ]);
  });

  it('says nothing about an unlocked target once choices have locked or the promotion has no prizes', () => {
    const over = { totalSpend: 31_000 };
    expect(kinds(customerNotifications(state(over), nz('2023-12-06')))).not.toContain('target-unlocked');
    const noPrizes = state({ ...over, promotion: { ...promotion, disablePrizes: true } });
    expect(kinds(customerNotifications(noPrizes, monday))).not.toContain('target-unlocked');
  });

  it('calls the next target near under $1,000 to go, with the pace over the trading days left', () => {
    // Monday 20 November: 15 trading days remain, today included; $800 to Target 2.
    const [near] = customerNotifications(state({ totalSpend: 29_200, selectedReward: '1:A' }), monday).filter(
      (decision) => decision.kind === 'target-near',
    );
    expect(near?.target).toBe(2);
    expect(near?.body).toBe(
      "You're $800 from Target 2 in Tier Up Hamper Challenge. $54 a trading day gets you there in the 15 trading days left.",
    );
  });

  it('calls it near under 15 % of the target, and not at 15 % or more and $1,000 or more', () => {
    const nearShare = customerNotifications(state({ totalSpend: 34_500, selectedReward: '1:A,2:B' }), monday);
    expect(nearShare.find((decision) => decision.kind === 'target-near')?.target).toBe(3);
    const far = customerNotifications(state({ totalSpend: 34_000, selectedReward: '1:A,2:B' }), monday);
    expect(kinds(far)).not.toContain('target-near');
  });

  it('warns that choices close within 3 NZ days while an unlocked target has no choice', () => {
    const waiting = state({ totalSpend: 21_000 });
    expect(kinds(customerNotifications(waiting, nz('2023-12-01')))).not.toContain('choice-closing');
    const closing = customerNotifications(waiting, nz('2023-12-02', '09:00'));
    expect(closing.find((decision) => decision.kind === 'choice-closing')?.body).toBe(
      'Reward choices for Tier Up Hamper Challenge close on 5 December 2023. Choose your reward for Target 1.',
    );
    const chosen = state({ totalSpend: 21_000, selectedReward: '1:A' });
    expect(kinds(customerNotifications(chosen, nz('2023-12-02')))).not.toContain('choice-closing');
  });

  it('warns 5 trading days before the end while no target is reached, counting weekends out', () => {
    // Friday 1 December: Fri, Mon-Fri = 6 trading days left; Monday 4 December: 5.
    expect(kinds(customerNotifications(state(), nz('2023-12-01')))).not.toContain('promotion-ending');
    const ending = customerNotifications(state(), nz('2023-12-04'));
    expect(ending.find((decision) => decision.kind === 'promotion-ending')?.body).toBe(
      'Tier Up Hamper Challenge ends on 8 December 2023, with 5 trading days left. ' +
        "You're $10,000 from Target 1: $2,000 a trading day gets you there.",
    );
    expect(kinds(customerNotifications(state({ totalSpend: 20_000 }), nz('2023-12-04')))).not.toContain(
      'promotion-ending',
    );
  });

  it('counts a public holiday out of the trading days left (Labour Day, 28 October 2024)', () => {
    // Monday 21 October to Friday 1 November 2024, Labour Day on Monday 28 October: on Friday 25
    // five trading days remain (25, 29, 30, 31, 1), six had the holiday counted; on Thursday 24, six.
    const spring = {
      ...promotion,
      startTimestamp: nz('2024-10-21', '00:00'),
      endTimestamp: nz('2024-11-01', '23:59'),
      choicesLockTime: undefined,
    };
    const ending = (at: number) => kinds(customerNotifications(state({ promotion: spring }), at));
    expect(ending(nz('2024-10-24'))).not.toContain('promotion-ending');
    expect(ending(nz('2024-10-25'))).toContain('promotion-ending');
  });

  it('tells nothing to a customer who has not joined, or about a finished promotion', () => {
    expect(customerNotifications(state({ enrolled: false, totalSpend: 31_000 }), monday)).toEqual([]);
    const done = state({ totalSpend: 31_000, promotion: { ...promotion, status: 'done' } });
    expect(customerNotifications(done, monday)).toEqual([]);
  });

  it('counts the unlocked targets still waiting for a choice for the app badge', () => {
    const states = [state({ totalSpend: 31_000, selectedReward: '1:A' }), state({ totalSpend: 41_000 })];
    expect(appBadgeCount(states, nz('2023-11-20'))).toBe(4);
    expect(appBadgeCount(states, nz('2023-12-06'))).toBe(0);
  });
});

describe('once-only key and push payload', () => {
  it('keys by account, promotion, kind and target, the same on every run', () => {
    const decide = () => customerNotifications(state({ totalSpend: 31_000 }), nz('2023-11-20'));
    const keys = decide().map((decision) => notificationKeyText(notificationKey(decision)));
    expect(keys).toEqual(decide().map((decision) => notificationKeyText(notificationKey(decision))));
    expect(keys).toContain('G100001|PROMO-TierUp|target-unlocked|2');
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('builds a Declarative Web Push message that opens the tracking view inside the app', () => {
    const [decision] = customerNotifications(
      state({ totalSpend: 31_000, selectedReward: '1:A' }),
      nz('2023-11-20'),
    );
    expect(pushPayload(decision!, 'https://app.example.nz/', 1)).toEqual({
      web_push: 8030,
      notification: {
        title: 'Target 2 unlocked',
        body: "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
        navigate: 'https://app.example.nz/promotions/PROMO-TierUp',
        tag: 'target-unlocked:G100001:PROMO-TierUp',
        lang: 'en-NZ',
      },
      app_badge: 1,
    });
  });
});

describe('quiet hours', () => {
  it('lets a push go between 07:00 and 20:00 NZ and holds it otherwise until 07:00 NZ', () => {
    expect(pushAllowedAt(nz('2023-11-20', '07:00'))).toBe(nz('2023-11-20', '07:00'));
    expect(pushAllowedAt(nz('2023-11-20', '19:59'))).toBe(nz('2023-11-20', '19:59'));
    expect(pushAllowedAt(nz('2023-11-20', '20:00'))).toBe(nz('2023-11-21', '07:00'));
    expect(pushAllowedAt(nz('2023-11-21', '03:00'))).toBe(nz('2023-11-21', '07:00'));
    expect(isQuietHour(nz('2023-11-20', '23:30'))).toBe(true);
  });

  it('holds until 07:00 NZ across the April change to standard time', () => {
    // Clocks go back at 03:00 on Sunday 7 April 2024: Saturday 21:00 is +13:00, Sunday 07:00 is +12:00.
    expect(pushAllowedAt(nz('2024-04-06', '21:00', '+13:00'))).toBe(nz('2024-04-07', '07:00', '+12:00'));
  });

  it('holds until 07:00 NZ across the September change to daylight time', () => {
    // Clocks go forward at 02:00 on Sunday 29 September 2024: 01:30 is +12:00, 07:00 is +13:00.
    expect(pushAllowedAt(nz('2024-09-29', '01:30', '+12:00'))).toBe(nz('2024-09-29', '07:00', '+13:00'));
  });
});

describe('rep notifications', () => {
  const customer = (over: Partial<RepCustomerState> = {}): RepCustomerState => ({
    accountId: 'G100050',
    accountName: 'Penrose Brakes',
    promotion,
    enrolled: true,
    joinedAt: nz('2023-11-06'),
    targets,
    totalSpend: 12_000,
    pastProgress: { '20231110': 4_000, '20231117': 12_000 },
    ...over,
  });

  it('is due Monday 07:00 NZ, the week before counting until the next one', () => {
    expect(digestDueAt(nz('2023-11-20', '07:00'))).toBe(nz('2023-11-20', '07:00'));
    expect(digestDueAt(nz('2023-11-20', '06:59'))).toBe(nz('2023-11-13', '07:00'));
    expect(digestDueAt(nz('2023-11-23'))).toBe(nz('2023-11-20', '07:00'));
    // Monday 8 April 2024, the first after the change to standard time.
    expect(digestDueAt(nz('2024-04-09', '12:00', '+12:00'))).toBe(nz('2024-04-08', '07:00', '+12:00'));
  });

  it('lists customers who slipped, joined and unlocked a target, once per week', () => {
    const slipped = customer({ totalSpend: 7_000, pastProgress: { '20231110': 4_000, '20231117': 7_000 } });
    const joined = customer({ accountName: 'Onehunga Auto', joinedAt: nz('2023-11-15') });
    const unlocked = customer({
      accountName: 'Mt Wellington Diesel',
      totalSpend: 21_000,
      pastProgress: { '20231110': 15_000, '20231117': 21_000 },
    });
    const [digest] = repWeeklyDigest([slipped, joined, unlocked], nz('2023-11-20', '08:00'));
    expect(digest?.target).toBeGreaterThan(0);
    expect(digest?.body).toBe(
      'Week to 20 November 2023\n\nTier Up Hamper Challenge\n- Penrose Brakes: now behind\n' +
        '- Onehunga Auto: joined\n- Mt Wellington Diesel: unlocked Target 1',
    );
    expect(digest?.path).toBe('/salesrep/promotions/PROMO-TierUp');
    expect(repWeeklyDigest([customer()], nz('2023-11-20', '08:00'))).toEqual([]);
  });

  it('lists at most 20 lines per promotion and counts the rest', () => {
    const joined = Array.from({ length: 23 }, (_, index) =>
      customer({ accountName: `Customer ${index + 1}`, joinedAt: nz('2023-11-15') }),
    );
    const [digest] = repWeeklyDigest(joined, nz('2023-11-20', '08:00'));
    expect(digest?.title).toBe('Your customers this week: 23 updates');
    expect(digest?.body.split('\n').at(-1)).toBe('- and 3 more updates');
    expect(digest?.body).toContain('- Customer 20: joined');
    expect(digest?.body).not.toContain('- Customer 21: joined');
  });

  it('tells the rep about a target crossed by the latest day of figures only', () => {
    const crossed = customer({
      totalSpend: 21_000,
      pastProgress: { '20231116': 19_000, '20231117': 21_000 },
    });
    expect(repCustomerUnlocked([crossed]).map((decision) => decision.body)).toEqual([
      'Penrose Brakes unlocked Target 1 in Tier Up Hamper Challenge.',
    ]);
    const earlier = customer({
      totalSpend: 21_000,
      pastProgress: { '20231116': 20_500, '20231117': 21_000 },
    });
    expect(repCustomerUnlocked([earlier])).toEqual([]);
  });
});
