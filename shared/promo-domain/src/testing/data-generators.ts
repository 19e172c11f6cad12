/**
 * Test data factories, shared by Vitest, Playwright and the server's tests.
 * Each returns a valid object; pass overrides for what the test is about.
 */
import type { Account, Promotion, Session } from '../types';
import type { SpendProgressMessage } from '@promo/domain/spend-progress-message';

const DAY_MS = 24 * 60 * 60 * 1000;

export function buildPromotion(overrides: Partial<Promotion> = {}): Promotion {
  const start = Date.UTC(2026, 10, 2);
  return {
    id: 'PROMO-TEST',
    name: 'Test Spend Promotion',
    startTimestamp: start,
    endTimestamp: start + 35 * DAY_MS,
    status: 'active',
    termsConditions: '<p>Terms</p>',
    details: '<p>Details</p>',
    prizes: [{ title: 'Build your Own Pack', content: '<p>Pick what you like.</p>' }],
    ...overrides,
  };
}

export function buildAccount(overrides: Partial<Account> = {}): Account {
  return {
    id: 'G100001',
    name: 'Test Motors Ltd',
    primaryContactFirstName: 'Aroha',
    primaryContactLastName: 'Ngata',
    primaryContactPosition: 'Owner',
    primaryRegion: 'Auckland',
    primarySalesRepID: 'R001',
    primaryContactPhone: '09 555 0101',
    primaryContactEmail: 'aroha@example.test',
    primaryAddress: '1 Queen Street, Auckland',
    secondaryContactFirstName: '',
    secondaryContactLastName: '',
    secondaryContactPosition: '',
    secondaryContactPhone: '',
    secondaryContactEmail: '',
    secondaryAddress: '',
    divisionDetails: [],
    associationsConfirmationStatus: 'confirmed',
    enrolledPromotions: [],
    trackingTimestamps: {},
    progressDetails: {},
    targetDetails: {},
    dailySalesTargets: {},
    currentDailySales: {},
    baselineSpend: {},
    percentageAchieved: {},
    pastProgressDetails: {},
    promotionUserChoices: {},
    ...overrides,
  };
}

export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    role: 'customer',
    userid: 'U1',
    accountid: 'G100001',
    user: {
      id: 'U1',
      email: 'customer@demo.test',
      firstname: 'Aroha',
      surname: 'Ngata',
      role: 'customer',
      allowedRegions: [],
    },
    ...overrides,
  };
}

/**
 * A spend-progress message as a parent window posts it: one target by default (the
 * single-target view); pass three targets for the multi-target view.
 */
export function buildSpendProgressMessage(
  overrides: Partial<SpendProgressMessage> = {},
): SpendProgressMessage {
  const start = Date.UTC(2026, 10, 2);
  return {
    account: { id: 'G100001', name: 'Test Motors Ltd' },
    promotionId: 'PROMO-TEST',
    currentProgressTargets: [{ targetNumber: 1, amount: 10000 }],
    pastProgressDetails: { '20261102': { totalSpend: 1200 }, '20261103': { totalSpend: 2500 } },
    currentProgressDetails: { totalSpend: 2500, byDivision: { A: 1500, B: 1000 } },
    totalSpend: 2500,
    baselineSpend: 8000,
    currentDailySales: 1250,
    dailySalesTargets: [400],
    startTimestamp: start,
    endTimestamp: start + 35 * DAY_MS,
    termsConditions: '<p>Terms</p>',
    disablePrizes: false,
    promoInfoText: 'Rewards can be changed until midnight on 8 December 2026.',
    ...overrides,
  };
}
