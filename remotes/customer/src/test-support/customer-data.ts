import { buildAccount, buildPromotion } from '@promo/domain/testing/data-generators';
import type { Account, Promotion } from '@promo/domain/types';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Local midnight `days` from today, so the promotions are current whenever the tests run. */
export const daysFromToday = (days: number) => {
  const date = new Date();
  date.setHours(0, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return date.getTime();
};

const FOOD_PRIZES = ['Build your Own Pack', 'BBQ Pack', 'Breakfast Pack', 'Family Feast Pack'].map(
  (title) => ({
    title,
    subTitle: `${title} subtitle`,
    content: `<p>${title} content</p>`,
    prizeImage: { id: `prize-${title.toLowerCase().replaceAll(' ', '-')}` },
  }),
);

/** Like the demo 'PROMO-FoodPack-Summer': one target, four food packs, Option 1 by default. */
export function foodPackPromotion(overrides: Partial<Promotion> = {}): Promotion {
  return buildPromotion({
    id: 'PROMO-FoodPack-Summer',
    name: 'Summer Food Pack Promotion',
    startTimestamp: daysFromToday(-10),
    endTimestamp: daysFromToday(25) - 1,
    showNameInDetailPage: true,
    details: '<h3>Reach your target</h3><p>Choose your food pack.</p>',
    termsConditions: '<p>Food pack terms: vouchers are valid for 12 months.</p>',
    prizes: FOOD_PRIZES,
    choicesLockTime: daysFromToday(20),
    promoInfoText: 'Rewards can be changed until midnight on 12 December 2026.',
    defaultUserChoices: { selectedReward: '1:Build your Own Pack' },
    ...overrides,
  });
}

/** Like the demo 'PROMO-TierUp-Hampers': three targets, three hampers, 'Hampers' as the tab label. */
export function hamperPromotion(overrides: Partial<Promotion> = {}): Promotion {
  return buildPromotion({
    id: 'PROMO-TierUp-Hampers',
    name: 'Tier Up Hamper Challenge',
    startTimestamp: daysFromToday(-21),
    endTimestamp: daysFromToday(20) - 1,
    rewardsCustomLabel: 'Hampers',
    choicesLockTime: daysFromToday(17),
    prizes: [
      { title: 'Gourmet Hamper', content: '<p>Cheese</p>' },
      { title: 'BBQ Hamper', content: '<p>Rubs</p>' },
      { title: 'Coffee Lovers Hamper', content: '<p>Beans</p>', showTM: true },
    ],
    defaultUserChoices: { selectedReward: '1:Gourmet Hamper' },
    ...overrides,
  });
}

/** The demo customer: confirmed, three linked accounts, joined the hamper promotion past target 2. */
export function customerAccount(overrides: Partial<Account> = {}): Account {
  return buildAccount({
    id: 'G100001',
    name: 'Kahikatea Auto Repairs Ltd',
    divisionDetails: [
      {
        id: 'ATL10001',
        name: 'KAHIKATEA',
        division: 'A',
        branchID: '112',
        salesRepID: 'SR1',
        salesRepName: 'Tevita',
      },
      {
        id: 'BNT10002',
        name: 'Kahikatea',
        division: 'B',
        branchID: '113',
        salesRepID: 'SR2',
        salesRepName: 'Sione',
      },
      {
        id: 'NZB10003',
        name: 'Kahikatea',
        division: 'N',
        branchID: '111',
        salesRepID: 'SR2',
        salesRepName: 'Sione',
      },
    ],
    enrolledPromotions: [{ promotionID: 'PROMO-TierUp-Hampers' }],
    progressDetails: {
      'PROMO-TierUp-Hampers': { totalSpend: 29000, byDivision: { A: 10000, B: 9000, N: 10000 } },
      'PROMO-FoodPack-Summer': { totalSpend: 5229.81, byDivision: { A: 1617.08, B: 1753.84, N: 1858.89 } },
    },
    targetDetails: {
      'PROMO-TierUp-Hampers': [
        { targetNumber: 1, amount: 25800 },
        { targetNumber: 2, amount: 28300 },
        { targetNumber: 3, amount: 32000 },
      ],
      'PROMO-FoodPack-Summer': [{ targetNumber: 1, amount: 22600 }],
    },
    dailySalesTargets: { 'PROMO-TierUp-Hampers': [860, 943.33, 1066.67], 'PROMO-FoodPack-Summer': [904] },
    promotionUserChoices: { 'PROMO-TierUp-Hampers': { selectedReward: '1:BBQ Hamper' } },
    ...overrides,
  });
}

export const DAY = DAY_MS;
