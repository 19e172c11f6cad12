import type { AccountSearchRequest, AccountSearchResponse, ApiErrorBody } from '@promo/domain/types';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashPassword } from '../auth/password-hash';
import { openDatabase, type Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';
import { UserStore } from '../users/user-store';
import { AccountStore } from './account-store';
import { buildSearchQuery } from './account-search';

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

interface Synthetic {
  id: string;
  name: string;
  region: string;
  divisionIds: string[];
  branches: string[];
  p1?: { enrolled: boolean; totalSpend: number; percentage: number };
  p2?: { enrolled: boolean; totalSpend: number; percentage: number };
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
    ...(i % 10 !== 0
      ? { p1: { enrolled: i % 4 === 0, totalSpend: p1Spend, percentage: Math.min(1, p1Spend / 9000) } }
      : {}),
    ...(i % 2 === 0 ? { p2: { enrolled: i % 6 === 0, totalSpend: i, percentage: (i % 50) / 50 } } : {}),
  };
}

const ACCOUNTS = Array.from({ length: COUNT }, (_, i) => synthetic(i));

function seedSynthetic(db: Db): void {
  const accounts = new AccountStore(db);
  const promotions = new PromotionStore(db);
  db.transaction(() => {
    for (const [position, id] of [P1, P2].entries()) {
      promotions.insert(
        {
          id,
          name: id,
          startTimestamp: NOW - 1e9,
          endTimestamp: NOW + 1e9,
          termsConditions: '',
          details: '',
          prizes: [],
        },
        position,
      );
    }
    for (const account of ACCOUNTS) {
      accounts.insertAccount({
        id: account.id,
        name: account.name,
        primaryRegion: account.region,
        associationsConfirmationStatus: 'confirmed',
        profile: {
          primaryContactFirstName: '',
          primaryContactLastName: '',
          primaryContactPosition: '',
          primarySalesRepID: '',
          primaryContactPhone: '',
          primaryContactEmail: '',
          primaryAddress: '',
          secondaryContactFirstName: '',
          secondaryContactLastName: '',
          secondaryContactPosition: '',
          secondaryContactPhone: '',
          secondaryContactEmail: '',
          secondaryAddress: '',
        },
        divisionDetails: account.divisionIds.map((id, index) => ({
          id,
          name: account.name,
          division: index === 0 ? 'A' : 'B',
          branchID: account.branches[index] as string,
          salesRepID: 'SR1',
          salesRepName: 'Rep One',
        })),
        createdAt: NOW,
      });
      for (const [promotionId, figures] of [
        [P1, account.p1],
        [P2, account.p2],
      ] as const) {
        if (!figures) continue;
        accounts.insertProgress({
          accountId: account.id,
          promotionId,
          enrolled: figures.enrolled,
          joinedAt: figures.enrolled ? NOW : null,
          joinMailingList: false,
          selectedReward: null,
          totalSpend: figures.totalSpend,
          percentage: figures.percentage,
          targets: [{ targetNumber: 1, amount: 9000 }],
          byDivision: {},
          dailySalesTargets: [360],
          currentDailySales: 0,
          baselineSpend: 8000,
          pastProgress: {},
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
  const value = (account: Synthetic, key: string): number | string =>
    key === 'name'
      ? account.name.toLowerCase()
      : key === 'totalSpend'
        ? (figures(account)?.totalSpend ?? 0)
        : (figures(account)?.percentage ?? 0);
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
          percentageAchieved: figures(account)?.percentage ?? 0,
          firstTarget: figures(account) ? 9000 : 0,
          enrolled: figures(account)?.enrolled ?? false,
        })),
    total: matching.length,
  };
}

let db: Db;
let app: FastifyInstance;
let limitedRep: string;
let everywhereRep: string;

async function login(email: string): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/session/login',
    payload: { email, password: 'Search-pass1!' },
  });
  const cookie = response.cookies.find((entry) => entry.name === 'ezy_sid');
  if (!cookie) throw new Error(response.body);
  return `ezy_sid=${cookie.value}`;
}

async function search(request: unknown, cookie = limitedRep) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/account/search',
    payload: request as object,
    headers: { cookie },
  });
}

beforeAll(async () => {
  db = openDatabase(':memory:');
  seedSynthetic(db);
  const users = new UserStore(db);
  const passwordHash = await hashPassword('Search-pass1!', { publicPassword: true });
  const rep = {
    firstname: 'R',
    surname: 'Ep',
    role: 'rep',
    accountId: null,
    passwordHash,
    verified: true,
    createdAt: NOW,
  } as const;
  users.insert({ ...rep, email: 'limited@rep.test', allowedRegions: REP_REGIONS });
  users.insert({ ...rep, email: 'everywhere@rep.test', allowedRegions: REGIONS });
  app = await buildApp({ db, now: () => NOW, devEndpoints: false });
  limitedRep = await login('limited@rep.test');
  everywhereRep = await login('everywhere@rep.test');
});
afterAll(async () => {
  await app.close();
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
      'sort.0.key: Invalid option: expected one of "totalSpend"|"percentage"|"name"',
    );
    const negative = await search({ offset: -1 });
    expect(negative.json<ApiErrorBody>().message).toBe('offset: Too small: expected number to be >=0');
  });

  it('uses indexes: no full scan of the progress rows or the branch links', () => {
    const { from, orderBy, params } = buildSearchQuery(
      {
        filters: { hasTargetsFor: P1, enrolledIn: P1, branchID: ['B1'] },
        sort: [{ key: 'totalSpend', direction: 'desc' }],
      },
      { allowedRegions: REP_REGIONS },
    );
    const plan = (
      db.prepare(`EXPLAIN QUERY PLAN SELECT a.id ${from} ORDER BY ${orderBy} LIMIT 10`).all(params) as {
        detail: string;
      }[]
    )
      .map((row) => row.detail)
      .join('\n');
    // Accounts are reached through the region index; every other table by key lookups.
    expect(plan).toMatch(/SEARCH a USING INDEX accounts_region_name/);
    expect(plan).not.toMatch(/SCAN (a|ap|t|e|b)\b/);
    expect(plan).toMatch(/SEARCH ap USING INDEX/);
    expect(plan).toMatch(/SEARCH b EXISTS USING (PRIMARY KEY|(COVERING )?INDEX)/);
  });
});
