import {
  DIVISIONS,
  type AssociationsConfirmationStatus,
  type Branch,
  type DivisionAccount,
  type DivisionCode,
} from '@promo/domain/types';
import { AccountStore, type AccountProfile, type NewAccount } from '../accounts/account-store';
import { hashPassword } from '../auth/password-hash';
import { ContentStore } from '../content/content-store';
import { emptyTables, readMeta, withIndexesDeferred, writeMeta, type Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';
import { InvitationStore } from '../users/invitation-store';
import { UserStore } from '../users/user-store';
import { DAY_MS, startOfDay } from './calendar';
import { DEMO_BLOCKS } from './demo-blocks';
import {
  DEMO_ACCOUNT_IDS,
  DEMO_EMAILS,
  DEMO_INVITATION,
  DEMO_PASSWORD,
  DEMO_PROMOTION_IDS,
  DEMO_USER_IDS,
  REGIONS,
  INVITED_ACCOUNT_COUNT,
  REP_NORTH_REGIONS,
  VOLUME_ACCOUNT_COUNT,
} from './demo-logins';
import { buildDemoPromotions, type DemoPromotion } from './demo-promotions';
import {
  asciiSlug,
  BUSINESS_PATTERNS,
  DIVISION_ACCOUNT_PREFIX,
  FIRST_NAMES,
  PLACE_WORDS,
  POSITIONS,
  REGION_INFO,
  STREETS,
  SURNAMES,
  type Region,
} from './nz-data';
import { Prng } from './prng';
import { generateProgress, type ProgressOptions } from './progress-generator';

/** Demo data older than this is replaced on start, so that its promotions stay current. */
const RESEED_AFTER_DAYS = 7;
const SEED = 20_251_212;

export interface SeedSummary {
  accounts: number;
  branches: number;
  promotions: number;
  users: number;
  milliseconds: number;
}

interface SalesRep {
  id: string;
  name: string;
}

interface World {
  rng: Prng;
  today: Date;
  now: number;
  promotions: DemoPromotion[];
  branches: Branch[];
  branchesByRegionDivision: Map<string, Branch[]>;
  repsByRegion: Map<Region, SalesRep[]>;
  accounts: AccountStore;
  nextDivisionNumber: () => number;
}

function buildBranches(): Branch[] {
  const branches: Branch[] = [];
  let number = 101;
  for (const region of REGIONS) {
    const info = REGION_INFO[region];
    info.divisions.forEach((division, index) => {
      const town = info.towns[index % info.towns.length] as string;
      const sameName = branches.filter((branch) =>
        branch.branchName.startsWith(`${DIVISIONS[division]} ${town}`),
      ).length;
      branches.push({
        branchID: String(number),
        branchName: `${DIVISIONS[division]} ${town}${sameName > 0 ? ` ${sameName + 1}` : ''}`,
        branch: `${info.code}${index + 1}`,
        division,
        region,
      });
      number += 1;
    });
  }
  return branches;
}

function buildReps(rng: Prng): Map<Region, SalesRep[]> {
  const reps = new Map<Region, SalesRep[]>();
  REGIONS.forEach((region, regionIndex) => {
    const count = REGION_INFO[region].weight >= 10 ? 3 : 2;
    reps.set(
      region,
      Array.from({ length: count }, (_, index) => ({
        id: `SR${String(regionIndex + 1).padStart(2, '0')}${index + 1}`,
        name: `${rng.pick(FIRST_NAMES)} ${rng.pick(SURNAMES)}`,
      })),
    );
  });
  return reps;
}

function phone(rng: Prng, region: Region): string {
  return `${REGION_INFO[region].area} ${rng.int(200, 999)} ${String(rng.int(0, 9999)).padStart(4, '0')}`;
}

function address(rng: Prng, region: Region, town: string): string {
  const [low, high] = REGION_INFO[region].postcodes;
  return `${rng.int(1, 420)} ${rng.pick(STREETS)}, ${town} ${String(rng.int(low, high)).padStart(4, '0')}`;
}

function divisionAccountsFor(
  world: World,
  accountName: string,
  region: Region,
  divisions: DivisionCode[],
): DivisionAccount[] {
  return divisions.map((division) => {
    const branch = world.rng.pick(world.branchesByRegionDivision.get(`${region}|${division}`) ?? []);
    const rep = world.rng.pick(world.repsByRegion.get(region) ?? []);
    return {
      id: `${DIVISION_ACCOUNT_PREFIX[division]}${world.nextDivisionNumber()}`,
      name: world.rng.chance(0.2) ? accountName.toUpperCase() : accountName,
      division,
      branchID: branch.branchID,
      salesRepID: rep.id,
      salesRepName: rep.name,
    };
  });
}

function profileFor(
  rng: Prng,
  region: Region,
  town: string,
  businessSlug: string,
  primary: { first: string; last: string; position: string },
  salesRepId: string,
): AccountProfile {
  const withSecondary = rng.chance(0.5);
  const secondFirst = rng.pick(FIRST_NAMES);
  const secondLast = rng.pick(SURNAMES);
  return {
    primaryContactFirstName: primary.first,
    primaryContactLastName: primary.last,
    primaryContactPosition: primary.position,
    primarySalesRepID: salesRepId,
    primaryContactPhone: phone(rng, region),
    primaryContactEmail: `${asciiSlug(primary.first)}.${asciiSlug(primary.last)}@${businessSlug}.co.nz`,
    primaryAddress: address(rng, region, town),
    secondaryContactFirstName: withSecondary ? secondFirst : '',
    secondaryContactLastName: withSecondary ? secondLast : '',
    secondaryContactPosition: withSecondary ? rng.pick(POSITIONS) : '',
    secondaryContactPhone: withSecondary ? phone(rng, region) : '',
    secondaryContactEmail: withSecondary ? `accounts@${businessSlug}.co.nz` : '',
    secondaryAddress: withSecondary ? `PO Box ${rng.int(100, 99_999)}, ${town}` : '',
  };
}

function pickPrize(world: World, demo: DemoPromotion): string {
  return world.rng.pick(demo.promotion.prizes).title;
}

function insertProgress(
  world: World,
  demo: DemoPromotion,
  options: Omit<ProgressOptions, 'today' | 'pickReward' | 'joinedAt'> & {
    pickReward?: ProgressOptions['pickReward'];
  },
): void {
  const start = demo.promotion.startTimestamp;
  const joinWindow = Math.max(DAY_MS, Math.min(world.now, demo.promotion.endTimestamp) - start);
  world.accounts.insertProgress(
    generateProgress(world.rng, demo, {
      ...options,
      today: world.today,
      joinedAt: Math.round(start + world.rng.between(0, Math.min(joinWindow, 10 * DAY_MS))),
      pickReward: options.pickReward ?? (() => pickPrize(world, demo)),
    }),
  );
}

function promotionById(world: World, id: string): DemoPromotion {
  const found = world.promotions.find((demo) => demo.promotion.id === id);
  if (!found) throw new Error(`Unknown demo promotion ${id}`);
  return found;
}

/** The three hand-written demo accounts behind customer@, unconfirmed@ and challenged@demo.test. */
function seedDemoAccounts(world: World): void {
  const multi = promotionById(world, DEMO_PROMOTION_IDS.multiTarget);
  const food = promotionById(world, DEMO_PROMOTION_IDS.foodPack);
  const finished = promotionById(world, DEMO_PROMOTION_IDS.finished);
  const demos: {
    id: string;
    name: string;
    region: Region;
    town: string;
    status: AssociationsConfirmationStatus;
    contact: { first: string; last: string; position: string };
    divisions: DivisionCode[];
    baselineDaily: number;
  }[] = [
    {
      id: DEMO_ACCOUNT_IDS.customer,
      name: 'Kahikatea Auto Repairs Ltd',
      region: 'Auckland',
      town: 'Penrose',
      status: 'confirmed',
      contact: { first: 'Aroha', last: 'Ngata', position: 'Owner' },
      divisions: ['A', 'B', 'N'],
      baselineDaily: 820,
    },
    {
      id: DEMO_ACCOUNT_IDS.unconfirmed,
      name: 'Ruapehu Diesel & Mechanical',
      region: 'Waikato',
      town: 'Te Rapa',
      status: 'unconfirmed',
      contact: { first: 'Tama', last: 'Walker', position: 'Workshop Manager' },
      divisions: ['T', 'D', '2'],
      baselineDaily: 1450,
    },
    {
      id: DEMO_ACCOUNT_IDS.challenged,
      name: 'Harbourside Truck Services',
      region: 'Wellington',
      town: 'Seaview',
      status: 'challenged',
      contact: { first: 'Mere', last: 'Thompson', position: 'Director' },
      divisions: ['B', 'P', 'N'],
      baselineDaily: 640,
    },
  ];
  for (const demo of demos) {
    const divisionDetails = divisionAccountsFor(world, demo.name, demo.region, demo.divisions);
    world.accounts.insertAccount({
      id: demo.id,
      name: demo.name,
      primaryRegion: demo.region,
      associationsConfirmationStatus: demo.status,
      profile: profileFor(
        world.rng,
        demo.region,
        demo.town,
        asciiSlug(demo.name, '-'),
        demo.contact,
        divisionDetails[0]?.salesRepID ?? '',
      ),
      divisionDetails,
      createdAt: world.now,
    });
    const base = {
      accountId: demo.id,
      divisions: demo.divisions,
      baselineDaily: demo.baselineDaily,
      joinMailingList: true,
    };
    const isCustomer = demo.id === DEMO_ACCOUNT_IDS.customer;
    // customer@demo.test: joined the multi-target promotion and is past target 1 but short of target 2.
    insertProgress(world, multi, {
      ...base,
      pace: 1,
      enrolled: isCustomer,
      ...(isCustomer ? { forceFractionOfFirstTarget: 1.06, pickReward: () => 'BBQ Hamper' } : {}),
    });
    // Not joined by anyone of the demo logins: the "New Promotions" card and the join flow.
    insertProgress(world, food, { ...base, pace: 0.97, enrolled: false });
    insertProgress(world, finished, {
      ...base,
      pace: 1.15,
      enrolled: isCustomer,
      ...(isCustomer ? { forceFractionOfFirstTarget: 1.12, pickReward: () => 'Premium Meat Pack' } : {}),
    });
  }
  world.accounts.setTrackingTimestamp(
    DEMO_ACCOUNT_IDS.customer,
    `promotion_view.${DEMO_PROMOTION_IDS.multiTarget.toLowerCase()}`,
    world.now - DAY_MS,
  );
}

/** The volume accounts: enough customers, branches and regions for realistic rep screens. */
function seedVolumeAccounts(world: World, count: number): void {
  const { rng } = world;
  const regionWeights = REGIONS.map((region) => [region, REGION_INFO[region].weight] as const);
  for (let index = 0; index < count; index += 1) {
    const id = `G${100_004 + index}`;
    const region = rng.weighted(regionWeights);
    const info = REGION_INFO[region];
    const town = rng.pick(info.towns);
    const surname = rng.pick(SURNAMES);
    const name = `${rng.pick(BUSINESS_PATTERNS)(rng.pick(PLACE_WORDS), surname, town)}${rng.chance(0.45) ? ' Ltd' : ''}`;
    const divisionCount = rng.weighted([
      [1, 25],
      [2, 35],
      [3, 25],
      [4, 15],
    ] as const);
    const divisions = rng.sample([...new Set(info.divisions)], divisionCount);
    const divisionDetails = divisionAccountsFor(world, name, region, divisions);
    const status = rng.weighted([
      ['confirmed', 85],
      ['unconfirmed', 10],
      ['challenged', 5],
    ] as const);
    const contact = {
      first: rng.pick(FIRST_NAMES),
      last: rng.chance(0.4) ? surname : rng.pick(SURNAMES),
      position: rng.pick(POSITIONS),
    };
    const account: NewAccount = {
      id,
      name,
      primaryRegion: region,
      associationsConfirmationStatus: status,
      profile: profileFor(
        rng,
        region,
        town,
        `${asciiSlug(name, '-').replace(/-ltd$/, '')}`,
        contact,
        divisionDetails[0]?.salesRepID ?? '',
      ),
      divisionDetails,
      createdAt: world.now,
    };
    world.accounts.insertAccount(account);

    const baselineDaily = Math.min(12_000, Math.max(40, rng.logNormal(420, 0.8)));
    for (const demo of world.promotions) {
      if (!rng.chance(demo.eligibleShare)) continue;
      const enrolled = status === 'confirmed' && rng.chance(demo.enrolledShare);
      // Behind, on track or ahead of target, with joined accounts a little keener on average.
      const pace = rng.weighted([
        [rng.between(0.55, 0.95), enrolled ? 35 : 50],
        [rng.between(0.95, 1.12), 30],
        [rng.between(1.12, 1.6), enrolled ? 35 : 20],
      ] as const);
      insertProgress(world, demo, {
        accountId: id,
        divisions,
        baselineDaily: baselineDaily * rng.between(0.9, 1.1),
        pace,
        enrolled,
        joinMailingList: rng.chance(0.6),
      });
    }
  }
}

/**
 * Seeds the demo data into an empty database (README "Demo data"). Deterministic for a given day:
 * a seeded PRNG drives every choice, and dates are relative to `now`'s local midnight.
 */
export async function seedDemoData(
  db: Db,
  options: { now: number; volumeAccounts?: number },
): Promise<SeedSummary> {
  const startedAt = performance.now();
  const volume = options.volumeAccounts ?? VOLUME_ACCOUNT_COUNT;
  const rng = new Prng(SEED);
  const today = startOfDay(options.now);
  const branches = buildBranches();
  const branchesByRegionDivision = new Map<string, Branch[]>();
  for (const branch of branches) {
    const key = `${branch.region}|${branch.division}`;
    branchesByRegionDivision.set(key, [...(branchesByRegionDivision.get(key) ?? []), branch]);
  }
  let divisionNumber = 10_000;
  const world: World = {
    rng,
    today,
    now: options.now,
    promotions: buildDemoPromotions(today),
    branches,
    branchesByRegionDivision,
    repsByRegion: buildReps(rng),
    accounts: new AccountStore(db),
    nextDivisionNumber: () => (divisionNumber += 1),
  };

  // Hash outside the transaction, in parallel on libuv's pool: five scrypt hashes are the slowest
  // part of the seed.
  const demoUsers = [
    {
      id: DEMO_USER_IDS.customer,
      email: DEMO_EMAILS.customer,
      firstname: 'Aroha',
      surname: 'Ngata',
      role: 'customer',
      accountId: DEMO_ACCOUNT_IDS.customer,
      allowedRegions: [],
    },
    {
      id: DEMO_USER_IDS.unconfirmed,
      email: DEMO_EMAILS.unconfirmed,
      firstname: 'Tama',
      surname: 'Walker',
      role: 'customer',
      accountId: DEMO_ACCOUNT_IDS.unconfirmed,
      allowedRegions: [],
    },
    {
      id: DEMO_USER_IDS.challenged,
      email: DEMO_EMAILS.challenged,
      firstname: 'Mere',
      surname: 'Thompson',
      role: 'customer',
      accountId: DEMO_ACCOUNT_IDS.challenged,
      allowedRegions: [],
    },
    {
      id: DEMO_USER_IDS.rep,
      email: DEMO_EMAILS.rep,
      firstname: 'Rangi',
      surname: 'Parata',
      role: 'rep',
      accountId: null,
      allowedRegions: [...REGIONS],
    },
    {
      id: DEMO_USER_IDS.repNorth,
      email: DEMO_EMAILS.repNorth,
      firstname: 'Sarah',
      surname: 'Wilson',
      role: 'rep',
      accountId: null,
      allowedRegions: [...REP_NORTH_REGIONS],
    },
  ] as const;
  const hashes = await Promise.all(
    demoUsers.map(() => hashPassword(DEMO_PASSWORD, { publicPassword: true })),
  );

  const users = new UserStore(db);
  const promotions = new PromotionStore(db);
  db.transaction(() => {
    world.promotions.forEach((demo, position) => promotions.insert(demo.promotion, position));
    new ContentStore(db).insertContent(branches, DEMO_BLOCKS);

    withIndexesDeferred(
      db,
      ['accounts', 'division_accounts', 'account_branches', 'account_promotions'],
      () => {
        seedDemoAccounts(world);
        seedVolumeAccounts(world, volume);
      },
    );

    demoUsers.forEach((user, index) =>
      users.insert({
        ...user,
        allowedRegions: [...user.allowedRegions],
        passwordHash: hashes[index] as string,
        verified: true,
        createdAt: options.now + index,
      }),
    );
    seedInvitations(db, world);
    writeMeta(db, 'seeded_at', String(options.now));
    writeMeta(db, 'seed_day', today.toISOString());
  })();

  return {
    accounts: 3 + volume,
    branches: branches.length,
    promotions: world.promotions.length,
    users: demoUsers.length,
    milliseconds: Math.round(performance.now() - startedAt),
  };
}

/**
 * DEMO_INVITATION, and the primary contacts of the first INVITED_ACCOUNT_COUNT volume accounts
 * (G100004…): registration is open only to invited addresses (docs/product-rules.md "Registration").
 */
function seedInvitations(db: Db, world: World): void {
  const invitations = new InvitationStore(db);
  if (!world.accounts.exists(DEMO_INVITATION.accountId)) return;
  invitations.issue(DEMO_INVITATION.accountId, DEMO_INVITATION.email, world.now);
  const first = Number(DEMO_INVITATION.accountId.slice(1));
  for (let offset = 0; offset < INVITED_ACCOUNT_COUNT; offset += 1) {
    const account = world.accounts.get(`G${first + offset}`);
    if (account?.primaryContactEmail) invitations.issue(account.id, account.primaryContactEmail, world.now);
  }
}

const TABLES_IN_DELETE_ORDER = [
  'invitations',
  'sessions',
  'user_tokens',
  'sso_round_trips',
  'outbox',
  'association_confirmations',
  'audit_log',
  'form_submissions',
  'users',
  'account_promotions',
  'account_branches',
  'division_accounts',
  'accounts',
  'promotions',
  'branches',
  'content_blocks',
  'counters',
  'meta',
];

export type SeedOutcome =
  { action: 'kept'; seededAt: number } | { action: 'seeded' | 'reseeded'; summary: SeedSummary };

/**
 * Seeds an empty database; replaces demo data more than RESEED_AFTER_DAYS old (its promotions would
 * no longer be current); otherwise keeps the database as it is.
 */
export async function ensureDemoData(db: Db, now: number): Promise<SeedOutcome> {
  const seededAt = Number(readMeta(db, 'seeded_at') ?? Number.NaN);
  if (Number.isFinite(seededAt) && now - seededAt < RESEED_AFTER_DAYS * DAY_MS)
    return { action: 'kept', seededAt };
  const reseed = Number.isFinite(seededAt);
  if (reseed) {
    emptyTables(db, TABLES_IN_DELETE_ORDER);
  }
  return { action: reseed ? 'reseeded' : 'seeded', summary: await seedDemoData(db, { now }) };
}
