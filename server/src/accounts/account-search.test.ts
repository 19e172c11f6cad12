import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { paceAdvice } from '@promo/domain/pace/pace.rules';
import { achievement } from '@promo/domain/promotion/target-progress.rules';
import {
  buildAccount,
  buildDivisionAccount,
  buildPromotion,
  buildPromotionFigures,
  buildTargets,
} from '@promo/domain/testing/data-generators';
import type { AccountSearchRequest, AccountSearchResponse, ApiErrorBody } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../db/migrations';
import { openDatabase, type Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';
import { AccountStore, newAccountOf } from './account-store';
import { buildSearchQuery, FEW_TEXT_MATCHES, searchAccounts } from './account-search';
import { buildSearchTestApp, queryPlan, type SearchTestApp } from '../test-support/search-test-app';

/**
 * 2,000 synthetic accounts whose every figure follows from their index, so the expected answer of
 * any search can be computed independently of the SQL under test.
 */
const COUNT = 2000;
const REGIONS = ['North', 'Central', 'South', 'East', 'West'];
const REP_REGIONS = ['North', 'Central', 'South'];
const NAMES = ['alpha', 'Bravo', 'charlie', 'Delta', 'echo_Works', 'Foxtrot 100%'];
const P1 = 'PROMO-One';
const P2 = 'PROMO-Two';
const NOW = Date.UTC(2025, 10, 20);
const START = NOW - 1e9;
const END = NOW + 1e9;
const TARGET = 9000;
const TARGETS = buildTargets(TARGET);
/** Trading days left in both promotions, by the pace rule (@promo/domain/pace/pace.rules). */
const REMAINING_DAYS = paceAdvice({
  now: NOW,
  startTimestamp: START,
  endTimestamp: END,
  totalSpend: 0,
  targets: [],
}).remainingTradingDays;

interface Synthetic {
  id: string;
  name: string;
  region: string;
  divisionIds: string[];
  branches: string[];
  p1?: { enrolled: boolean; totalSpend: number };
  p2?: { enrolled: boolean; totalSpend: number };
}

function synthetic(i: number): Synthetic {
  const divisionIds = [`ATL${i}`, ...(i % 3 === 0 ? [`BNT${i}`] : [])];
  const branches = [`B${i % 40}`, ...(i % 3 === 0 ? [`B${(i + 7) % 40}`] : [])];
  const p1Spend = ((i * 37) % 1000) * 10 + (i % 100) / 100;
  return {
    id: `G${200_000 + i}`,
    name: `${NAMES[i % NAMES.length]} ${String((i * 7919) % COUNT).padStart(4, '0')}`,
    region: REGIONS[i % REGIONS.length] as string,
    divisionIds,
    branches,
    ...(i % 10 !== 0 ? { p1: { enrolled: i % 4 === 0, totalSpend: p1Spend } } : {}),
    ...(i % 2 === 0 ? { p2: { enrolled: i % 6 === 0, totalSpend: i } } : {}),
  };
}

const ACCOUNTS = Array.from({ length: COUNT }, (_, i) => synthetic(i));

function seedSynthetic(db: Db): void {
  const accounts = new AccountStore(db);
  const promotions = new PromotionStore(db);
  db.transaction(() => {
    for (const [position, id] of [P1, P2].entries()) {
      promotions.insert(buildPromotion({ id, name: id, startTimestamp: START, endTimestamp: END }), position);
    }
    for (const account of ACCOUNTS) {
      const divisionDetails = account.divisionIds.map((id, index) =>
        buildDivisionAccount({
          id,
          name: account.name,
          division: index === 0 ? 'A' : 'B',
          branchID: account.branches[index] as string,
        }),
      );
      accounts.insertAccount(
        newAccountOf(
          buildAccount({
            id: account.id,
            name: account.name,
            primaryRegion: account.region,
            divisionDetails,
          }),
          NOW,
        ),
      );
      for (const [promotionId, figures] of [
        [P1, account.p1],
        [P2, account.p2],
      ] as const) {
        if (!figures) continue;
        accounts.insertProgress({
          accountId: account.id,
          joinMailingList: false,
          ...buildPromotionFigures({
            promotionId,
            enrolled: figures.enrolled,
            joinedAt: figures.enrolled ? NOW : null,
            totalSpend: figures.totalSpend,
            targets: TARGETS,
          }),
        });
      }
    }
  })();
}

/** The answer computed the slow, obvious way. */
function expected(request: AccountSearchRequest, regions: readonly string[]): AccountSearchResponse {
  const filters = request.filters ?? {};
  const context = filters.hasTargetsFor ?? filters.enrolledIn ?? filters.notEnrolledIn;
  const figures = (account: Synthetic) =>
    context === P1 ? account.p1 : context === P2 ? account.p2 : undefined;
  const of = (account: Synthetic, id: string) => (id === P1 ? account.p1 : account.p2);
  const text = filters.searchText?.trim().toLowerCase() ?? '';
  const matching = ACCOUNTS.filter(
    (account) =>
      regions.includes(account.region) &&
      (filters.hasTargetsFor === undefined || of(account, filters.hasTargetsFor) !== undefined) &&
      (filters.enrolledIn === undefined || of(account, filters.enrolledIn)?.enrolled === true) &&
      (filters.notEnrolledIn === undefined || of(account, filters.notEnrolledIn)?.enrolled !== true) &&
      (!filters.branchID?.length || account.branches.some((branch) => filters.branchID?.includes(branch))) &&
      (text === '' ||
        [account.id, account.name, ...account.divisionIds].some((value) =>
          value.toLowerCase().includes(text),
        )),
  );
  const sort = request.sort?.length ? request.sort : [{ key: 'percentage', direction: 'desc' } as const];
  const achieved = (account: Synthetic) => {
    const spend = figures(account)?.totalSpend;
    return spend === undefined ? { percentageAchieved: 0, progress: 0 } : achievement(TARGETS, spend);
  };
  // The amount still needed to the one target; 0 when reached or without targets.
  const gap = (account: Synthetic) => Math.max(0, TARGET - (figures(account)?.totalSpend ?? TARGET));
  const value = (account: Synthetic, key: string): number | string =>
    key === 'name'
      ? account.name.toLowerCase()
      : key === 'totalSpend'
        ? (figures(account)?.totalSpend ?? 0)
        : key === 'needsAttention'
          ? gap(account)
          : achieved(account).progress;
  matching.sort((a, b) => {
    for (const { key, direction } of sort) {
      const left = value(a, key);
      const right = value(b, key);
      if (left !== right) return (left < right ? -1 : 1) * (direction === 'asc' ? 1 : -1);
    }
    return a.id < b.id ? -1 : 1;
  });
  const offset = request.offset ?? 0;
  const page = matching.slice(offset, offset + (request.limit ?? 10));
  return {
    ids: request.totalOnly ? [] : page.map((account) => account.id),
    items: request.totalOnly
      ? []
      : page.map((account) => ({
          id: account.id,
          name: account.name,
          primaryRegion: account.region,
          customerIds: account.divisionIds,
          totalSpend: figures(account)?.totalSpend ?? 0,
          percentageAchieved: achieved(account).percentageAchieved,
          targets: figures(account) ? TARGETS : [],
          firstTarget: figures(account) ? TARGET : 0,
          enrolled: figures(account)?.enrolled ?? false,
          ...(gap(account) > 0
            ? {
                nextTarget: {
                  targetNumber: 1,
                  amount: TARGET,
                  remaining: gap(account),
                  perTradingDayNeeded: gap(account) / REMAINING_DAYS,
                },
              }
            : {}),
        })),
    total: matching.length,
  };
}

let db: Db;
let testApp: SearchTestApp;
let everywhereRep: string;

const search = (request: unknown, cookie?: string) => testApp.search(request, cookie);

beforeAll(async () => {
  testApp = await buildSearchTestApp(seedSynthetic, {
    now: NOW,
    repRegions: REP_REGIONS,
    allRegions: REGIONS,
  });
  ({ db, everywhereRep } = testApp);
});
afterAll(async () => {
  await testApp.app.close();
});

describe('POST /account/search over 2,000 accounts', () => {
  const cases: [string, AccountSearchRequest][] = [
    ['everything in the rep regions, default order (percentage desc)', {}],
    ['accounts with targets, first page', { filters: { hasTargetsFor: P1 } }],
    ['accounts with targets, second page', { filters: { hasTargetsFor: P1 }, offset: 10, limit: 10 }],
    [
      'accounts with targets, a deep page of 100',
      { filters: { hasTargetsFor: P1 }, offset: 500, limit: 100 },
    ],
    [
      'enrolled, by total spend ascending',
      { filters: { enrolledIn: P1 }, sort: [{ key: 'totalSpend', direction: 'asc' }], limit: 25 },
    ],
    [
      'not enrolled (with or without targets), by name',
      { filters: { notEnrolledIn: P2 }, sort: [{ key: 'name', direction: 'asc' }], limit: 50 },
    ],
    [
      'two branches, by name descending',
      { filters: { branchID: ['B3', 'B17'] }, sort: [{ key: 'name', direction: 'desc' }], limit: 100 },
    ],
    ['a division account id, case-insensitively', { filters: { searchText: 'bnt12' }, limit: 100 }],
    ['an account id fragment', { filters: { searchText: ' g2001 ', hasTargetsFor: P2 }, limit: 100 }],
    ['a literal underscore in a name', { filters: { searchText: 'O_W' }, limit: 5 }],
    ['a literal percent sign in a name', { filters: { searchText: '0%' }, limit: 5 }],
    ['a two-letter text, without the text index', { filters: { searchText: 'Lp', hasTargetsFor: P1 } }],
    [
      'accounts with targets, by name then spend, page 4',
      {
        filters: { hasTargetsFor: P1 },
        sort: [
          { key: 'name', direction: 'desc' },
          { key: 'totalSpend', direction: 'asc' },
        ],
        offset: 30,
      },
    ],
    [
      'enrolled, by spend then percentage, a deep page',
      {
        filters: { enrolledIn: P1, branchID: ['B2', 'B5', 'B7'] },
        sort: [
          { key: 'percentage', direction: 'asc' },
          { key: 'totalSpend', direction: 'desc' },
        ],
        offset: 7,
        limit: 13,
      },
    ],
    [
      'needs attention: the most still needed first',
      {
        filters: { hasTargetsFor: P1, branchID: ['B4'] },
        sort: [{ key: 'needsAttention', direction: 'desc' }],
      },
    ],
    [
      'needs attention reversed, on a deep page',
      {
        filters: { enrolledIn: P2 },
        sort: [{ key: 'needsAttention', direction: 'asc' }],
        offset: 40,
        limit: 30,
      },
    ],
    [
      'needs attention without a promotion filter but the figures of one',
      { filters: { notEnrolledIn: P1 }, sort: [{ key: 'needsAttention', direction: 'desc' }], limit: 20 },
    ],
    [
      'figures of one promotion, enrolment in another',
      { filters: { hasTargetsFor: P1, enrolledIn: P2, notEnrolledIn: P1 }, limit: 100 },
    ],
    [
      'combined filters and two sort keys',
      {
        filters: {
          hasTargetsFor: P1,
          notEnrolledIn: P1,
          branchID: ['B1', 'B2', 'B8', 'B9'],
          searchText: 'a',
        },
        sort: [
          { key: 'percentage', direction: 'asc' },
          { key: 'name', direction: 'desc' },
        ],
        offset: 3,
        limit: 7,
      },
    ],
    ['past the last page', { filters: { enrolledIn: P1 }, offset: 5000 }],
  ];

  it.each(cases)('answers %s exactly', async (_label, request) => {
    const response = await search(request);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual(expected(request, REP_REGIONS));
  });

  it('answers totalOnly with the count and no rows', async () => {
    const request = { totalOnly: true, filters: { hasTargetsFor: P1, enrolledIn: P1 } };
    const response = await search(request);
    expect(response.json()).toEqual({ ids: [], items: [], total: expected(request, REP_REGIONS).total });
    // Multiples of 4 in regions 0-2 of 5 (300), less those that are multiples of 10 (no targets: 100).
    expect(response.json<AccountSearchResponse>().total).toBe(200);
  });

  it('pages through every match exactly once', async () => {
    const request = {
      filters: { hasTargetsFor: P2 },
      sort: [{ key: 'percentage', direction: 'desc' }],
    } as const;
    const seen: string[] = [];
    let total = 0;
    for (let offset = 0; ; offset += 100) {
      const page = (await search({ ...request, offset, limit: 100 })).json<AccountSearchResponse>();
      total = page.total;
      seen.push(...page.ids);
      if (page.ids.length < 100) break;
    }
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toHaveLength(total);
    expect(total).toBe(600);
  });

  it('limits results to the rep regions', async () => {
    const limited = (await search({ totalOnly: true })).json<AccountSearchResponse>();
    const everywhere = (await search({ totalOnly: true }, everywhereRep)).json<AccountSearchResponse>();
    expect(limited.total).toBe(1200);
    expect(everywhere.total).toBe(2000);
    const page = (
      await search({ limit: 100, sort: [{ key: 'name', direction: 'asc' }] })
    ).json<AccountSearchResponse>();
    expect(new Set(page.items.map((item) => item.primaryRegion))).toEqual(new Set(REP_REGIONS));
  });

  it('rejects a limit above 100 and unknown sort keys', async () => {
    const tooMany = await search({ limit: 101 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<ApiErrorBody>().message).toBe('limit: Too big: expected number to be <=100');
    const badKey = await search({ sort: [{ key: 'region', direction: 'asc' }] });
    expect(badKey.json<ApiErrorBody>().message).toBe(
      'sort.0.key: Invalid option: expected one of "totalSpend"|"percentage"|"name"|"needsAttention"',
    );
    const negative = await search({ offset: -1 });
    expect(negative.json<ApiErrorBody>().message).toBe('offset: Too small: expected number to be >=0');
  });

  const planOf = (sql: string, params: object) => queryPlan(db, sql, params);

  it('counts and pages a promotion from its indexes, without visiting every account', () => {
    const { countSql, pageSql, params } = buildSearchQuery(
      {
        filters: { hasTargetsFor: P1, enrolledIn: P1, branchID: ['B1'] },
        sort: [{ key: 'totalSpend', direction: 'desc' }],
      },
      { allowedRegions: REP_REGIONS },
    );
    const count = planOf(countSql, params);
    expect(count).toMatch(/SEARCH ap USING COVERING INDEX account_promotions_scope/);
    expect(count).not.toMatch(/\b(SCAN|SEARCH) a\b/);
    // The page is found in the sort key's index alone, in order (no sort of every match), and only
    // its rows are read.
    const page = planOf(pageSql, { ...params, limit: 10, offset: 500 });
    expect(page).toMatch(/SEARCH ap USING COVERING INDEX account_promotions_spend/);
    expect(page).toMatch(/SEARCH ap USING INTEGER PRIMARY KEY \(rowid=\?\)/);
    expect(page).toMatch(/SEARCH a USING INDEX sqlite_autoindex_accounts_1/);
    expect(page).not.toMatch(/SCAN (a|ap)\b/);
    expect(page).not.toMatch(/TEMP B-TREE FOR ORDER BY/);
  });

  it('starts from the text matches when they are few, and from the sort index when they are many', () => {
    const request: AccountSearchRequest = {
      filters: { hasTargetsFor: P1, branchID: ['B1', 'B2', 'B3'], searchText: 'alpha' },
      sort: [{ key: 'percentage', direction: 'desc' }],
      limit: 100,
    };
    const scope = { allowedRegions: REP_REGIONS };
    const few = buildSearchQuery(request, scope, 10);
    const many = buildSearchQuery(request, scope, FEW_TEXT_MATCHES + 1);
    const paging = { limit: 100, offset: 0 };
    expect(planOf(few.pageSql, { ...few.params, ...paging })).toMatch(/SCAN s VIRTUAL TABLE/);
    expect(planOf(many.pageSql, { ...many.params, ...paging })).toMatch(
      /SEARCH ap USING COVERING INDEX account_promotions_percentage/,
    );
    const ids = (query: ReturnType<typeof buildSearchQuery>) =>
      (db.prepare(query.pageSql).all({ ...query.params, ...paging }) as { id: string }[]).map(
        (row) => row.id,
      );
    expect(ids(few)).toEqual(expected(request, REP_REGIONS).ids);
    expect(ids(many)).toEqual(expected(request, REP_REGIONS).ids);
  });
});

describe('a database created before the search indexes (schema version 1)', () => {
  it('is brought forward with the same answers as a database filled through the store', () => {
    const folder = mkdtempSync(join(tmpdir(), 'ezy-search-migration-'));
    try {
      const file = join(folder, 'v1.sqlite');
      const old = new Database(file);
      old.exec(MIGRATIONS[0] as string);
      old.pragma('user_version = 1');
      // Copy what migration 1 knows from the store-filled database, then let openDatabase migrate.
      old.exec(`ATTACH DATABASE '${join(folder, 'current.sqlite')}' AS current`);
      db.exec(`VACUUM INTO '${join(folder, 'current.sqlite')}'`);
      old.exec(`
        INSERT INTO promotions SELECT * FROM current.promotions;
        INSERT INTO accounts (id, name, name_lower, primary_region, association_status, profile, tracking_timestamps, created_at)
          SELECT id, name, name_lower, primary_region, association_status, profile, tracking_timestamps, created_at FROM current.accounts;
        INSERT INTO division_accounts SELECT * FROM current.division_accounts;
        INSERT INTO account_branches SELECT * FROM current.account_branches;
        INSERT INTO account_promotions (account_id, promotion_id, enrolled, joined_at, join_mailing_list, selected_reward,
          total_spend, percentage, first_target, targets, by_division, daily_sales_targets, current_daily_sales,
          baseline_spend, past_progress)
          SELECT account_id, promotion_id, enrolled, joined_at, join_mailing_list, selected_reward,
          total_spend, percentage, first_target, targets, by_division, daily_sales_targets, current_daily_sales,
          baseline_spend, past_progress FROM current.account_promotions;
      `);
      old.close();

      const migrated = openDatabase(file);
      try {
        expect(migrated.pragma('user_version', { simple: true })).toBe(MIGRATIONS.length);
        const scope = { allowedRegions: REP_REGIONS };
        const requests: AccountSearchRequest[] = [
          { filters: { hasTargetsFor: P1, branchID: ['B3', 'B17'] }, limit: 100 },
          {
            filters: { enrolledIn: P2, searchText: 'bnt12' },
            sort: [{ key: 'needsAttention', direction: 'desc' }],
          },
          {
            filters: { hasTargetsFor: P1, searchText: 'echo' },
            sort: [{ key: 'needsAttention', direction: 'asc' }],
          },
          {
            filters: { notEnrolledIn: P1, branchID: ['B5'] },
            sort: [{ key: 'name', direction: 'asc' }],
            limit: 50,
          },
        ];
        for (const request of requests) {
          expect(searchAccounts(migrated, request, scope, NOW)).toEqual(expected(request, REP_REGIONS));
        }
      } finally {
        migrated.close();
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
