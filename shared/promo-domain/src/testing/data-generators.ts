/**
 * Test data factories: the one set used by the domain's and the apps' unit tests, the server's tests
 * and the end-to-end specs. Each returns a valid object typed by the domain's own types, the same one
 * on every call (no clock, no randomness); pass overrides for what the test is about.
 */
import type {
  Account,
  AccountSearchItem,
  AccountSearchResponse,
  Branch,
  DivisionAccount,
  Prize,
  Promotion,
  Session,
  Target,
  UserRecord,
} from '../types';
import type { PromotionFigures } from '@promo/domain/account/promotion-figures.rules';
import type { AuditEvent } from '@promo/domain/api/audit-event.schema';
import type { FormField, FormSubmission } from '@promo/domain/api/form-submission.schema';
import { noPromotionFigures, withPromotionFigures } from '@promo/domain/account/promotion-figures.rules';
import type { ContactValues, JoinUsValues } from '@promo/domain/public/public-forms.rules';
import { CONTACT_FIELDS, JOIN_US_FIELDS } from '@promo/domain/public/public-forms.rules';
import type { SpendProgressMessage } from '@promo/domain/spend-progress/spend-progress-message.rules';
import { DAY_MS } from '../calendar/day';
import { achievement } from '../promotion/target-progress.rules';

export { DAY_MS };

/** Where the factories' promotion starts (2 November 2026, UTC) unless a test moves it. */
export const TEST_PROMOTION_START = Date.UTC(2026, 10, 2);

// ---------------------------------------------------------------------------------------------
// Promotions, prizes, targets

export function buildPrize(overrides: Partial<Prize> = {}): Prize {
  return { title: 'Build your Own Pack', content: '<p>Pick what you like.</p>', ...overrides };
}

/** One prize per title, each with its own content. */
export function buildPrizes(...titles: string[]): Prize[] {
  return titles.map((title) => buildPrize({ title, content: `<p>${title}</p>` }));
}

/** Targets 1, 2, … with these amounts (dollars ex GST over the whole promotion). */
export function buildTargets(...amounts: number[]): Target[] {
  return amounts.map((amount, index) => ({ targetNumber: index + 1, amount }));
}

/** Start and end of a promotion that started `startedDaysAgo` days before `now` and ends in `endsInDays`. */
export function promotionDates(
  now: number,
  { startedDaysAgo = 21, endsInDays = 20 }: { startedDaysAgo?: number; endsInDays?: number } = {},
): Pick<Promotion, 'startTimestamp' | 'endTimestamp'> {
  return { startTimestamp: now - startedDaysAgo * DAY_MS, endTimestamp: now + endsInDays * DAY_MS };
}

/** A running single-target promotion of five weeks with one prize. */
export function buildPromotion(overrides: Partial<Promotion> = {}): Promotion {
  return {
    id: 'PROMO-TEST',
    name: 'Test Spend Promotion',
    startTimestamp: TEST_PROMOTION_START,
    endTimestamp: TEST_PROMOTION_START + 35 * DAY_MS,
    status: 'active',
    termsConditions: '<p>Terms</p>',
    details: '<p>Details</p>',
    prizes: [buildPrize()],
    ...overrides,
  };
}

/**
 * Like the demo 'PROMO-TierUp-Hampers': three hampers under a 'Hampers' tab, the first by default,
 * choices locked three days before the end.
 */
export function buildMultiTargetPromotion(overrides: Partial<Promotion> = {}): Promotion {
  const base = buildPromotion({
    id: 'PROMO-TierUp-Hampers',
    name: 'Tier Up Hamper Challenge',
    rewardsCustomLabel: 'Hampers',
    prizes: buildPrizes('Gourmet Hamper', 'BBQ Hamper', 'Coffee Lovers Hamper'),
    defaultUserChoices: { selectedReward: '1:Gourmet Hamper' },
    ...overrides,
  });
  return { choicesLockTime: base.endTimestamp - 3 * DAY_MS, ...base };
}

/** Like the demo 'PROMO-FoodPack-Summer': one target, four food packs, the first by default. */
export function buildSingleTargetPromotion(overrides: Partial<Promotion> = {}): Promotion {
  const base = buildPromotion({
    id: 'PROMO-FoodPack-Summer',
    name: 'Summer Food Pack Promotion',
    showNameInDetailPage: true,
    prizes: buildPrizes('Build your Own Pack', 'BBQ Pack', 'Breakfast Pack', 'Family Feast Pack'),
    defaultUserChoices: { selectedReward: '1:Build your Own Pack' },
    ...overrides,
  });
  return { choicesLockTime: base.endTimestamp - 5 * DAY_MS, ...base };
}

// ---------------------------------------------------------------------------------------------
// Accounts, linked accounts, promotion figures

/** A linked (division) account of the test customer. */
export function buildDivisionAccount(overrides: Partial<DivisionAccount> = {}): DivisionAccount {
  return {
    id: 'ATL10001',
    name: 'TEST MOTORS',
    division: 'A',
    branchID: '101',
    salesRepID: 'SR1',
    salesRepName: 'Tevita Singh',
    ...overrides,
  };
}

/** Three linked accounts in three divisions (Autolign, BNT, NZ Brake Co), as the demo customer has. */
export function buildLinkedAccounts(): DivisionAccount[] {
  return [
    buildDivisionAccount(),
    buildDivisionAccount({
      id: 'BNT10002',
      name: 'Test Motors',
      division: 'B',
      branchID: '102',
      salesRepID: 'SR2',
      salesRepName: 'Sione Tuilagi',
    }),
    buildDivisionAccount({
      id: 'NZB10003',
      name: 'Test Motors',
      division: 'N',
      branchID: '103',
      salesRepID: 'SR2',
      salesRepName: 'Sione Tuilagi',
    }),
  ];
}

/** A confirmed account with no linked accounts and no promotion figures. */
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
    trackingTimestamps: {},
    ...noPromotionFigures(),
    ...overrides,
  };
}

/**
 * One account's figures for one promotion: enrolled, a third of the way to a single 10,000 target,
 * the first prize chosen. The percentage follows the spend and the targets (achievement) unless given.
 */
export function buildPromotionFigures(overrides: Partial<PromotionFigures> = {}): PromotionFigures {
  const targets = overrides.targets ?? buildTargets(10_000);
  const totalSpend = overrides.totalSpend ?? 3_300;
  return {
    promotionId: 'PROMO-TEST',
    enrolled: true,
    joinedAt: TEST_PROMOTION_START + DAY_MS,
    selectedReward: '1:Build your Own Pack',
    totalSpend,
    percentage: achievement(targets, totalSpend).percentageAchieved,
    targets,
    byDivision: { A: totalSpend },
    dailySalesTargets: targets.map((target) => Math.round((target.amount / 25) * 100) / 100),
    currentDailySales: Math.round((totalSpend / 10) * 100) / 100,
    baselineSpend: 8_000,
    pastProgress: {},
    ...overrides,
  };
}

/** The account with these promotions' figures, in this order (see withPromotionFigures). */
export function withFigures(account: Account, ...figures: Partial<PromotionFigures>[]): Account {
  return figures.reduce<Account>(
    (result, entry) => withPromotionFigures(result, buildPromotionFigures(entry)),
    account,
  );
}

// ---------------------------------------------------------------------------------------------
// Users and sessions

/** The test customer's user record. */
export function buildUser(overrides: Partial<UserRecord> = {}): UserRecord {
  return {
    id: 'U1',
    email: 'customer@demo.test',
    firstname: 'Aroha',
    surname: 'Ngata',
    role: 'customer',
    allowedRegions: [],
    ...overrides,
  };
}

/** A rep's user record, allowed Auckland and Waikato. */
export function buildRepUser(overrides: Partial<UserRecord> = {}): UserRecord {
  return buildUser({
    id: 'U2001',
    email: 'rep@demo.test',
    firstname: 'Rangi',
    surname: 'Parata',
    role: 'rep',
    allowedRegions: ['Auckland', 'Waikato'],
    ...overrides,
  });
}

/** A signed-in customer acting for the test account. */
export function buildSession(overrides: Partial<Session> = {}): Session {
  return {
    role: 'customer',
    userid: 'U1',
    accountid: 'G100001',
    user: buildUser(),
    ...overrides,
  };
}

/** A signed-in rep (no account); `user` overrides are laid over the rep's record. */
export function buildRepSession(
  overrides: Omit<Partial<Session>, 'user'> & { user?: Partial<UserRecord> } = {},
): Session {
  const user = buildRepUser(overrides.user);
  return { ...overrides, role: 'rep', userid: user.id, user };
}

// ---------------------------------------------------------------------------------------------
// The rep's data: branches and customer-search rows

export function buildBranch(overrides: Partial<Branch> = {}): Branch {
  return {
    branchID: '101',
    branchName: 'Autolign Penrose',
    branch: 'AKL1',
    division: 'A',
    region: 'Auckland',
    ...overrides,
  };
}

/**
 * Five branches: two in Auckland, two in Waikato (the rep user's regions) and one in Otago, outside
 * them, to show a list limited to the rep's regions.
 */
export function buildBranches(): Branch[] {
  return [
    buildBranch(),
    buildBranch({ branchID: '102', branchName: 'BNT East Tāmaki', branch: 'AKL2', division: 'B' }),
    buildBranch({ branchID: '201', branchName: 'Autolign Hamilton', branch: 'WKO1', region: 'Waikato' }),
    buildBranch({
      branchID: '202',
      branchName: 'BNT Te Rapa',
      branch: 'WKO2',
      division: 'B',
      region: 'Waikato',
    }),
    buildBranch({ branchID: '901', branchName: 'Autolign Dunedin', branch: 'OTA1', region: 'Otago' }),
  ];
}

/** A row of the rep's customer table: enrolled, 40% of a 25,000 first target, 15,000 still to go. */
export function buildAccountSearchItem(overrides: Partial<AccountSearchItem> = {}): AccountSearchItem {
  return {
    id: 'G100001',
    name: 'Test Motors Ltd',
    primaryRegion: 'Auckland',
    customerIds: ['ATL10001'],
    totalSpend: 10_000,
    percentageAchieved: 0.4,
    targets: [{ targetNumber: 1, amount: 25_000 }],
    firstTarget: 25_000,
    enrolled: true,
    nextTarget: { targetNumber: 1, amount: 25_000, remaining: 15_000, perTradingDayNeeded: 750 },
    ...overrides,
  };
}

/**
 * `count` customer rows G100000, G100001, … with falling spend (1,000 less each) against targets of
 * 25,000 and 32,000; every third not enrolled; the first past every target (no next target).
 */
export function buildAccountSearchItems(count: number): AccountSearchItem[] {
  const targets = [
    { targetNumber: 1, amount: 25_000 },
    { targetNumber: 2, amount: 32_000 },
  ];
  return Array.from({ length: count }, (_, index) => {
    const totalSpend = index === 0 ? 32_000 : 30_000 - index * 1_000;
    const row: AccountSearchItem = {
      id: `G1${String(index).padStart(5, '0')}`,
      name: `Customer ${index}`,
      primaryRegion: 'Auckland',
      customerIds: [`ATL${10_000 + index}`],
      totalSpend,
      percentageAchieved: achievement(targets, totalSpend).percentageAchieved,
      targets,
      firstTarget: 25_000,
      enrolled: index % 3 !== 2,
    };
    if (index === 0) return row;
    const remaining = 2_000 + index * 1_000;
    return {
      ...row,
      nextTarget: { targetNumber: 2, amount: 32_000, remaining, perTradingDayNeeded: 100 + index * 50 },
    };
  });
}

/** A search answer holding these rows (the whole match unless `total` says more). */
export function buildAccountSearchResponse(
  items: AccountSearchItem[],
  total = items.length,
): AccountSearchResponse {
  return { ids: items.map((item) => item.id), items, total };
}

/** A rep's view of a customer's promotion, as the audit log records it. */
export function buildCustomerView(globalId = 'G100007', globalName = 'Kept Customer Ltd'): AuditEvent {
  return {
    source: 'salesrep',
    event: 'customer_promotion_view',
    data: { user: 'rep@demo.test', globalId, globalName },
  };
}

// ---------------------------------------------------------------------------------------------
// Forms

/** A complete Join Us form (every starred field filled, the optional customer ID empty). */
export function buildJoinUsValues(overrides: Partial<JoinUsValues> = {}): JoinUsValues {
  return {
    companyName: 'Kiwi Motors Ltd',
    customerId: '',
    address: '12 Great South Road',
    suburb: 'Penrose',
    city: 'Auckland',
    postcode: '1061',
    contactName: 'Aroha Ngata',
    position: 'Owner',
    phone: '09 555 0101',
    email: 'aroha@kiwimotors.co.nz',
    ...overrides,
  };
}

/** A complete Contact Us form (the optional last name and phone empty). */
export function buildContactValues(overrides: Partial<ContactValues> = {}): ContactValues {
  return {
    firstname: 'Aroha',
    lastname: '',
    email: 'aroha@kiwimotors.co.nz',
    phone: '',
    message: 'Please add my BNT account.',
    ...overrides,
  };
}

/** The body of POST /form-submission/submit for a complete Join Us form, as the page sends it. */
export function buildFormSubmission(overrides: Partial<FormSubmission> = {}): FormSubmission {
  const formConfigurationID = overrides.formConfigurationID ?? 'join-us';
  const fields: readonly FormField[] = formConfigurationID === 'join-us' ? JOIN_US_FIELDS : CONTACT_FIELDS;
  return {
    formConfigurationID,
    response: formConfigurationID === 'join-us' ? buildJoinUsValues() : buildContactValues(),
    formFields: fields.map((field) => ({ ...field })),
    ...overrides,
  };
}

// ---------------------------------------------------------------------------------------------
// The embedded spend-progress view

/**
 * A spend-progress message as a parent window posts it: one target by default (the single-target
 * view); pass three targets for the multi-target view.
 */
export function buildSpendProgressMessage(
  overrides: Partial<SpendProgressMessage> = {},
): SpendProgressMessage {
  return {
    account: { id: 'G100001', name: 'Test Motors Ltd' },
    promotionId: 'PROMO-TEST',
    currentProgressTargets: buildTargets(10_000),
    pastProgressDetails: { '20261102': { totalSpend: 1200 }, '20261103': { totalSpend: 2500 } },
    currentProgressDetails: { totalSpend: 2500, byDivision: { A: 1500, B: 1000 } },
    totalSpend: 2500,
    baselineSpend: 8000,
    currentDailySales: 1250,
    dailySalesTargets: [400],
    startTimestamp: TEST_PROMOTION_START,
    endTimestamp: TEST_PROMOTION_START + 35 * DAY_MS,
    termsConditions: '<p>Terms</p>',
    disablePrizes: false,
    promoInfoText: 'Rewards can be changed until midnight on 8 December 2026.',
    ...overrides,
  };
}
