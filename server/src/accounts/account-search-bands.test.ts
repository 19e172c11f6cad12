import { buildAccount, DAY_MS } from '@promo/domain/testing/data-generators';
import {
  paceBand,
  percentExcess,
  promotionPace,
  type PromotionPace,
} from '@promo/domain/rep/rep-progress.rules';
import type {
  AccountSearchItem,
  AccountSearchRequest,
  AccountSearchResponse,
  ApiErrorBody,
  PaceBand,
  PaceBandCounts,
} from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';
import { buildSearchQuery, paceBandParams, paceBandSql } from './account-search';
import { AccountStore, type AccountProfile } from './account-store';
import { buildSearchTestApp, queryPlan, type SearchTestApp } from '../test-support/search-test-app';

/**
 * The pace bands of POST /account/search (docs/decisions/030-account-search-bands.md): the SQL
 * classification against paceBand, the band filter, and the summary with its branch roll-up, over
 * synthetic accounts whose figures sit on and beside the band boundaries.
 */

const NOW = Date.UTC(2025, 10, 20, 1);
const PROMO = 'PROMO-Bands';
const START = NOW - 20 * DAY_MS;
const END = NOW + 20 * DAY_MS;
const PACE = promotionPace(NOW, START, END);
const REGIONS = ['North', 'Central', 'South'];
const REP_REGIONS = ['North', 'Central'];
/** Two branches per region; an account trades with one or two branches of its region. */
const BRANCHES = REGIONS.flatMap((region) => [`${region}-1`, `${region}-2`].map((id) => ({ id, region })));

/** The next doubles up (steps > 0) or down (steps < 0) from a value >= 0: a boundary's closest neighbours. */
function nudge(value: number, steps: number): number {
  if (value === 0) return steps * Number.MIN_VALUE;
  const buffer = new Float64Array([value]);
  const bits = new BigInt64Array(buffer.buffer);
  bits[0] = (bits[0] as bigint) + BigInt(steps);
  return buffer[0] as number;
}

/**
 * Spends around each boundary of a first target at a pace: exactly at the pace (0 %), a cent and one
 * double either side of it, at 90 % of it (-10 %) and its neighbours, and a spread from far behind to
 * far ahead.
 */
function boundarySpends(firstTarget: number, pace: PromotionPace): number[] {
  const expected =
    pace.tradingDays === 0 ? firstTarget : (firstTarget * pace.elapsedTradingDays) / pace.tradingDays;
  const slippingFloor = expected * 0.9;
  return [
    expected,
    nudge(expected, 1),
    nudge(expected, -1),
    expected + 0.01,
    expected - 0.01,
    slippingFloor,
    nudge(slippingFloor, 1),
    nudge(slippingFloor, -1),
    nudge(slippingFloor, -2),
    slippingFloor + 0.01,
    slippingFloor - 0.01,
    0,
    -25,
    expected * 0.5,
    expected * 0.95,
    expected * 1.5,
    firstTarget * 2,
  ];
}

interface Synthetic {
  id: string;
  name: string;
  region: string;
  branches: string[];
  enrolled: boolean;
  totalSpend: number;
  firstTarget: number;
}

const TARGETS = [3600, 10_000, 12_345.67, 0];
const ACCOUNTS: Synthetic[] = [];
for (const [t, firstTarget] of TARGETS.entries()) {
  for (const [s, totalSpend] of boundarySpends(firstTarget, PACE).entries()) {
    for (const enrolled of [true, false]) {
      const i = ACCOUNTS.length;
      const region = REGIONS[i % REGIONS.length] as string;
      ACCOUNTS.push({
        id: `G${300_000 + i}`,
        name: `Bands ${t}-${s}-${enrolled ? 'in' : 'out'}`,
        region,
        branches: i % 3 === 0 ? [`${region}-1`, `${region}-2`] : [`${region}-${(i % 2) + 1}`],
        enrolled,
        totalSpend,
        firstTarget,
      });
    }
  }
}

/** Every account's contact fields: the shared test account's (nothing here reads them). */
const PROFILE: AccountProfile = (({ id: _id, name: _name, primaryRegion: _region, ...fields }) => fields)(
  buildAccount(),
);

function seed(db: Db): void {
  const accounts = new AccountStore(db);
  db.transaction(() => {
    new PromotionStore(db).insert(
      {
        id: PROMO,
        name: PROMO,
        startTimestamp: START,
        endTimestamp: END,
        termsConditions: '',
        details: '',
        prizes: [],
      },
      0,
    );
    const insertBranch = db.prepare(
      `INSERT INTO branches (branch_id, branch_name, code, division, region) VALUES (?, ?, ?, 'A', ?)`,
    );
    for (const branch of BRANCHES)
      insertBranch.run(branch.id, `Branch ${branch.id}`, branch.id, branch.region);
    for (const account of ACCOUNTS) {
      const { id, name, region: primaryRegion } = account;
      accounts.insertAccount({
        id,
        name,
        primaryRegion,
        associationsConfirmationStatus: 'confirmed',
        profile: PROFILE,
        divisionDetails: account.branches.map((branchID, index) => ({
          id: `D${id}-${index}`,
          name,
          division: 'A',
          branchID,
          salesRepID: 'SR1',
          salesRepName: 'Rep One',
        })),
        createdAt: NOW,
      });
      accounts.insertProgress({
        accountId: account.id,
        promotionId: PROMO,
        enrolled: account.enrolled,
        joinedAt: account.enrolled ? NOW : null,
        joinMailingList: false,
        selectedReward: null,
        totalSpend: account.totalSpend,
        targets: account.firstTarget > 0 ? [{ targetNumber: 1, amount: account.firstTarget }] : [],
        byDivision: {},
        dailySalesTargets: [],
        currentDailySales: 0,
        baselineSpend: 0,
        pastProgress: {},
      });
    }
  })();
}

const bandOf = (account: { enrolled: boolean; totalSpend: number; firstTarget: number }) =>
  paceBand(account, PACE);

function countBands(bands: readonly PaceBand[]): PaceBandCounts {
  const counts: PaceBandCounts = { 'on-pace': 0, slipping: 0, behind: 0, 'not-joined': 0 };
  for (const band of bands) counts[band] += 1;
  return counts;
}

let db: Db;
let testApp: SearchTestApp;
let everywhereRep: string;

const search = (request: unknown, cookie?: string) => testApp.search(request, cookie);

/** The summary alone (totalOnly) of the customers with targets matching `filters`. */
async function summaryOf(
  summary: 'bands' | 'branches',
  filters: AccountSearchRequest['filters'],
  cookie?: string,
): Promise<AccountSearchResponse> {
  const response = await search(
    { totalOnly: true, summary, filters: { hasTargetsFor: PROMO, ...filters } },
    cookie,
  );
  return response.json<AccountSearchResponse>();
}

/** Every row of a search, page by page, as the CSV export reads it. */
async function allItems(request: AccountSearchRequest, cookie?: string): Promise<AccountSearchItem[]> {
  const items: AccountSearchItem[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = (await search({ ...request, offset, limit: 100 }, cookie)).json<AccountSearchResponse>();
    items.push(...page.items);
    if (page.items.length < 100) return items;
  }
}

beforeAll(async () => {
  testApp = await buildSearchTestApp(seed, { now: NOW, repRegions: REP_REGIONS, allRegions: REGIONS });
  ({ db, everywhereRep } = testApp);
});
afterAll(async () => {
  await testApp.app.close();
});

describe('the pace band in SQL', () => {
  const paces: PromotionPace[] = [
    PACE,
    { elapsedTradingDays: 10, tradingDays: 25 },
    { elapsedTradingDays: 3, tradingDays: 7 },
    { elapsedTradingDays: 25, tradingDays: 25 },
    { elapsedTradingDays: 0, tradingDays: 25 },
  ];

  it.each(paces)('classifies every row as paceBand does, boundaries included (%o)', (pace) => {
    // Rows on and beside this pace's own boundaries, besides the seeded ones (built for PACE).
    const rows = [
      ...ACCOUNTS,
      ...TARGETS.flatMap((firstTarget) =>
        boundarySpends(firstTarget, pace).map((totalSpend) => ({ enrolled: true, totalSpend, firstTarget })),
      ),
    ];
    const classify = db.prepare(
      `SELECT ${paceBandSql({ enrolled: 'r.value ->> 0', totalSpend: 'r.value ->> 1', firstTarget: 'r.value ->> 2' })} AS band
       FROM json_each(@rows) r ORDER BY r.key`,
    );
    const fromSql = (
      classify.all({
        ...paceBandParams(pace),
        rows: JSON.stringify(rows.map((row) => [row.enrolled ? 1 : 0, row.totalSpend, row.firstTarget])),
      }) as { band: PaceBand }[]
    ).map((row) => row.band);
    expect(fromSql).toEqual(rows.map((row) => paceBand(row, pace)));
  });

  it('reads the stored rows into the bands paceBand gives them', () => {
    const fromSql = db
      .prepare(
        `SELECT ap.account_id AS id, ${paceBandSql({ enrolled: 'ap.enrolled', totalSpend: 'ap.total_spend', firstTarget: 'ap.first_target' })} AS band
         FROM account_promotions ap WHERE ap.promotion_id = @promotionId ORDER BY ap.account_id`,
      )
      .all({ ...paceBandParams(PACE), promotionId: PROMO }) as { id: string; band: PaceBand }[];
    expect(fromSql).toEqual(ACCOUNTS.map((account) => ({ id: account.id, band: bandOf(account) })));
  });

  it('has rows exactly at 0 % and on both sides of 0 % and of -10 %', () => {
    const excess = ACCOUNTS.filter((account) => account.firstTarget > 0).map((account) =>
      percentExcess(account.totalSpend, account.firstTarget, PACE),
    ) as number[];
    expect(PACE.elapsedTradingDays).toBeGreaterThan(0);
    expect(excess.filter((value) => value === 0).length).toBeGreaterThan(0);
    expect(excess.filter((value) => value < 0 && value > -1e-9).length).toBeGreaterThan(0);
    expect(excess.filter((value) => value >= -10 && value < -10 + 1e-9).length).toBeGreaterThan(0);
    expect(excess.filter((value) => value < -10 && value > -10 - 1e-9).length).toBeGreaterThan(0);
  });
});

describe('the band queries at volume', () => {
  const planOf = (sql: string, params: object) => queryPlan(db, sql, params);

  it('summarise and filter from the indexes alone, without reading a customer row', () => {
    const scope = { allowedRegions: REP_REGIONS };
    const query = buildSearchQuery(
      {
        filters: { hasTargetsFor: PROMO, branchID: ['North-1'], band: ['slipping', 'behind'] },
        sort: [{ key: 'needsAttention', direction: 'desc' }],
      },
      scope,
      0,
      PACE,
    );
    for (const sql of [query.countSql, query.bandsSql, query.branchSetsSql]) {
      expect(planOf(sql, query.params)).toMatch(/USING COVERING INDEX account_promotions_scope/);
    }
    for (const key of ['percentage', 'totalSpend', 'needsAttention'] as const) {
      const page = buildSearchQuery(
        { filters: { hasTargetsFor: PROMO, band: 'on-pace' }, sort: [{ key, direction: 'asc' }] },
        scope,
        0,
        PACE,
      );
      const plan = planOf(page.pageSql, { ...page.params, limit: 10, offset: 20 });
      expect(plan).toMatch(/SEARCH ap USING COVERING INDEX account_promotions_(percentage|spend|need)/);
      expect(plan).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
    }
  });
});

describe('POST /account/search with bands', () => {
  const BAND_REASON =
    'filters.band: Expected one of "on-pace"|"slipping"|"behind"|"not-joined", or a list of them';
  const inRepRegions = ACCOUNTS.filter((account) => REP_REGIONS.includes(account.region));

  it.each<[string, PaceBand | PaceBand[]]>([
    ['on pace', 'on-pace'],
    ['slipping', 'slipping'],
    ['behind', 'behind'],
    ['not joined', 'not-joined'],
    ['slipping or behind', ['slipping', 'behind']],
    ['on pace or not joined', ['not-joined', 'on-pace', 'on-pace']],
  ])('filters the table to %s', async (_label, band) => {
    const wanted = new Set(Array.isArray(band) ? band : [band]);
    const request: AccountSearchRequest = {
      filters: { hasTargetsFor: PROMO, band },
      sort: [{ key: 'totalSpend', direction: 'desc' }],
    };
    const items = await allItems(request);
    const expected = inRepRegions.filter((account) => wanted.has(bandOf(account)));
    expect(items.map((item) => item.id).toSorted()).toEqual(expected.map((account) => account.id).toSorted());
    expect(items.every((item) => wanted.has(bandOf(item)))).toBe(true);
    const first = (await search({ ...request, limit: 5 })).json<AccountSearchResponse>();
    expect(first.total).toBe(expected.length);
    expect(first.items.map((item) => item.totalSpend)).toEqual(
      expected
        .map((account) => account.totalSpend)
        .toSorted((a, b) => b - a)
        .slice(0, 5),
    );
  });

  it('combines the band with the other filters', async () => {
    const request: AccountSearchRequest = {
      filters: {
        enrolledIn: PROMO,
        branchID: ['North-1'],
        band: ['behind', 'slipping'],
        searchText: 'bands 1',
      },
    };
    const items = await allItems(request);
    const expected = inRepRegions.filter(
      (account) =>
        account.enrolled &&
        account.branches.includes('North-1') &&
        ['behind', 'slipping'].includes(bandOf(account)) &&
        account.name.toLowerCase().includes('bands 1'),
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(items.map((item) => item.id).toSorted()).toEqual(expected.map((account) => account.id).toSorted());
  });

  it('summarises every match by band, the counts adding up to the total, paging aside', async () => {
    const response = await search({ filters: { hasTargetsFor: PROMO }, summary: 'bands', limit: 3 });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<AccountSearchResponse>();
    expect(body.items).toHaveLength(3);
    expect(body.summary).toEqual({ bands: countBands(inRepRegions.map(bandOf)) });
    const { bands } = body.summary ?? { bands: countBands([]) };
    expect(bands['on-pace'] + bands.slipping + bands.behind + bands['not-joined']).toBe(body.total);
    for (const count of Object.values(bands)) expect(count).toBeGreaterThan(0);
  });

  it('summarises the band-filtered set, with totalOnly, without rows', async () => {
    const body = await summaryOf('bands', { band: ['slipping', 'behind'] });
    expect(body.ids).toEqual([]);
    expect(body.items).toEqual([]);
    const expected = countBands(
      inRepRegions.map(bandOf).filter((band) => band === 'slipping' || band === 'behind'),
    );
    expect(body.summary).toEqual({ bands: expected });
    expect(body.total).toBe(expected.slipping + expected.behind);
  });

  it('counts everyone not joined when the search starts from accounts (notEnrolledIn alone)', async () => {
    const body = (
      await search({ totalOnly: true, summary: 'bands', filters: { notEnrolledIn: PROMO } })
    ).json<AccountSearchResponse>();
    const notJoined = inRepRegions.filter((account) => !account.enrolled).length;
    expect(body.total).toBe(notJoined);
    expect(body.summary?.bands).toEqual({ 'on-pace': 0, slipping: 0, behind: 0, 'not-joined': notJoined });
  });

  it('rolls up each selected branch as the table filtered to that branch adds up', async () => {
    const selected = ['North-2', 'Central-1', 'North-1'];
    const body = await summaryOf('branches', { branchID: selected });
    const branches = body.summary?.branches ?? [];
    // In the branch list's order: by region, then name.
    expect(branches.map((branch) => branch.branchID)).toEqual(['Central-1', 'North-1', 'North-2']);
    for (const branch of branches) {
      const items = await allItems({ filters: { hasTargetsFor: PROMO, branchID: [branch.branchID] } });
      expect(items.length).toBeGreaterThan(0);
      expect(branch).toEqual({
        branchID: branch.branchID,
        branchName: `Branch ${branch.branchID}`,
        region: branch.branchID.split('-')[0],
        customers: items.length,
        joined: items.filter((item) => item.enrolled).length,
        totalSpend: expect.closeTo(
          items.reduce((sum, item) => sum + item.totalSpend, 0),
          2,
        ) as number,
        firstTargetTotal: expect.closeTo(
          items.reduce((sum, item) => sum + item.firstTarget, 0),
          2,
        ) as number,
        bands: countBands(items.map(bandOf)),
      });
    }
    // The summary's bands count each customer once, though a customer may trade with two branches.
    const total = body.total;
    const bands = body.summary?.bands ?? countBands([]);
    expect(bands['on-pace'] + bands.slipping + bands.behind + bands['not-joined']).toBe(total);
  });

  it('rolls up every branch of the rep regions without a branch filter, and none outside them', async () => {
    const limited = await summaryOf('branches', {});
    expect(limited.summary?.branches?.map((branch) => branch.branchID)).toEqual([
      'Central-1',
      'Central-2',
      'North-1',
      'North-2',
    ]);
    const outside = await summaryOf('branches', { branchID: ['South-1', 'North-1'] });
    expect(outside.summary?.branches?.map((branch) => branch.branchID)).toEqual(['North-1']);
    const everywhere = await summaryOf('branches', {}, everywhereRep);
    expect(everywhere.summary?.branches).toHaveLength(6);
    expect(everywhere.total).toBe(ACCOUNTS.length);
    expect(everywhere.summary?.bands).toEqual(countBands(ACCOUNTS.map(bandOf)));
  });

  it('keeps the rep regions for the band filter and the summary', async () => {
    const limited = await summaryOf('bands', { band: 'behind' });
    const everywhere = await summaryOf('bands', { band: 'behind' }, everywhereRep);
    const behind = (accounts: Synthetic[]) =>
      accounts.filter((account) => bandOf(account) === 'behind').length;
    expect(limited.total).toBe(behind(inRepRegions));
    expect(everywhere.total).toBe(behind(ACCOUNTS));
    expect(limited.total).toBeLessThan(everywhere.total);
    const items = await allItems({ filters: { hasTargetsFor: PROMO, band: 'behind' } });
    expect(new Set(items.map((item) => item.primaryRegion))).toEqual(new Set(REP_REGIONS));
  });

  it('answers as before without a band or a summary', async () => {
    const body = (
      await search({ filters: { hasTargetsFor: PROMO }, limit: 2 })
    ).json<AccountSearchResponse>();
    expect(Object.keys(body).toSorted()).toEqual(['ids', 'items', 'total']);
    expect(body.total).toBe(inRepRegions.length);
  });

  it.each<[string, unknown, string]>([
    ['an unknown band', { filters: { hasTargetsFor: PROMO, band: 'late' } }, BAND_REASON],
    [
      'an unknown band in a list',
      { filters: { hasTargetsFor: PROMO, band: ['behind', 'late'] } },
      BAND_REASON,
    ],
    [
      'an empty band list',
      { filters: { hasTargetsFor: PROMO, band: [] } },
      'filters.band: Name at least one band, or leave band out',
    ],
    ['a band of the wrong type', { filters: { hasTargetsFor: PROMO, band: 3 } }, BAND_REASON],
    [
      'an unknown summary',
      { filters: { hasTargetsFor: PROMO }, summary: 'regions' },
      'summary: Invalid option: expected one of "bands"|"branches"',
    ],
    [
      'a band without a promotion',
      { filters: { branchID: ['North-1'], band: 'behind' } },
      'filters.band: Needs the promotion in filters.hasTargetsFor, enrolledIn or notEnrolledIn',
    ],
    [
      'a summary without a promotion',
      { summary: 'bands' },
      'summary: Needs the promotion in filters.hasTargetsFor, enrolledIn or notEnrolledIn',
    ],
  ])('refuses %s with a 400 and the reason', async (_label, request, message) => {
    const response = await search(request);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(message);
  });
});
