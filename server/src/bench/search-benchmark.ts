import type { AccountSearchRequest, AccountSearchResponse, SearchSummary } from '@promo/domain/types';
import { buildApp } from '../app';
import { ContentStore } from '../content/content-store';
import { openDatabase } from '../db/open-database';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_PROMOTION_IDS, REGIONS } from '../seed/demo-logins';
import { seedDemoData } from '../seed/seed-database';
import { buildSearchQuery, countTextMatches, searchAccounts } from '../accounts/account-search';

/**
 * The rep search at volume: seeds a database of `accounts` customer accounts with the demo seed
 * scaled up, then times the queries the rep screens send, both through the search function (SQL
 * only) and through POST /account/search with app.inject (session, validation, JSON included).
 * Run by scripts/perf/bench-account-search.ts (`npm run bench:search`).
 */

export interface SearchBenchmarkOptions {
  /** Customer accounts in the generated data set (the 3 demo accounts included). */
  accounts: number;
  /** Timed runs of each query (after warm-up runs). */
  iterations: number;
  /** SQLite file to build; the caller creates and removes its folder. */
  dbFile: string;
  /** The clock of the seed and of the search; default now. */
  now?: number;
  log?: (line: string) => void;
}

export interface LatencySummary {
  p50: number;
  p95: number;
  max: number;
}

export interface QueryResult {
  name: string;
  request: AccountSearchRequest;
  /** Matching accounts (the query's total). */
  total: number;
  /** Milliseconds through searchAccounts (SQL and row mapping). */
  searchFunction: LatencySummary;
  /** Milliseconds through POST /api/v1/account/search with app.inject. */
  endpoint: LatencySummary;
  /** SQLite's plan for the query doing the work (summary, else count or page), to see which indexes it used. */
  plan: string[];
}

export interface SearchBenchmarkReport {
  accounts: number;
  iterations: number;
  seedMilliseconds: number;
  node: string;
  queries: QueryResult[];
  /** Over every timed run of every query. */
  overall: { searchFunction: LatencySummary; endpoint: LatencySummary };
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] as number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function summarise(samples: readonly number[]): LatencySummary {
  const sorted = samples.toSorted((a, b) => a - b);
  return {
    p50: round2(percentile(sorted, 0.5)),
    p95: round2(percentile(sorted, 0.95)),
    max: round2(sorted[sorted.length - 1] ?? Number.NaN),
  };
}

type NamedQuery = { name: string; request: AccountSearchRequest };

const promo = DEMO_PROMOTION_IDS.multiTarget;

/**
 * A customer-table request: the promotion's customers at the two regions' branches, unless
 * `extra.filters` names other branches.
 */
const tableAt =
  (twoRegionBranches: string[]) =>
  (
    extra: Partial<AccountSearchRequest> & { filters?: AccountSearchRequest['filters'] },
  ): AccountSearchRequest => ({
    ...extra,
    filters: { hasTargetsFor: promo, branchID: twoRegionBranches, ...extra.filters },
  });

/** The portfolio summary alone (no rows), over every customer with targets at the branches. */
const summary = (kind: SearchSummary, branchID: string[]): AccountSearchRequest => ({
  totalOnly: true,
  summary: kind,
  filters: { hasTargetsFor: promo, branchID },
});

/** The queries the rep screens send, over a two-region selection and over every branch. */
function typicalQueries(twoRegionBranches: string[], allBranches: string[]): NamedQuery[] {
  return [
    ...customerTableQueries(twoRegionBranches, allBranches),
    ...paceQueries(twoRegionBranches, allBranches),
  ];
}

/** The dashboard's counts and the customer table's pages, searches and sorts. */
function customerTableQueries(twoRegionBranches: string[], allBranches: string[]): NamedQuery[] {
  const table = tableAt(twoRegionBranches);
  return [
    {
      name: 'dashboard count: customers with targets (2 regions)',
      request: { totalOnly: true, filters: { hasTargetsFor: promo, branchID: twoRegionBranches } },
    },
    {
      name: 'dashboard count: joined (2 regions)',
      request: { totalOnly: true, filters: { enrolledIn: promo, branchID: twoRegionBranches } },
    },
    {
      name: 'table page 1, percentage desc (2 regions)',
      request: table({ sort: [{ key: 'percentage', direction: 'desc' }], limit: 10 }),
    },
    {
      name: 'table page 20, total spend asc (2 regions)',
      request: table({ sort: [{ key: 'totalSpend', direction: 'asc' }], offset: 190, limit: 10 }),
    },
    {
      name: 'table registered only (2 regions)',
      request: table({ filters: { enrolledIn: promo }, limit: 10 }),
    },
    {
      name: 'table non registered only (2 regions)',
      request: table({ filters: { notEnrolledIn: promo }, limit: 10 }),
    },
    {
      name: 'table search "smith" (2 regions)',
      request: table({ filters: { searchText: 'smith' }, limit: 10 }),
    },
    {
      name: 'table search a customer id "atl1234" (2 regions)',
      request: table({ filters: { searchText: 'atl1234' }, limit: 10 }),
    },
    {
      name: 'table needs attention (2 regions)',
      request: table({ sort: [{ key: 'needsAttention', direction: 'desc' }], limit: 10 }),
    },
    {
      name: 'table page 1, percentage desc (every branch)',
      request: table({
        filters: { branchID: allBranches },
        sort: [{ key: 'percentage', direction: 'desc' }],
        limit: 10,
      }),
    },
    {
      name: 'dashboard count: customers with targets (every branch)',
      request: { totalOnly: true, filters: { hasTargetsFor: promo, branchID: allBranches } },
    },
    {
      name: 'table needs attention (every branch)',
      request: table({
        filters: { branchID: allBranches },
        sort: [{ key: 'needsAttention', direction: 'desc' }],
        limit: 10,
      }),
    },
    {
      name: 'CSV export page of 100 at offset 1000 (every branch)',
      request: {
        filters: { hasTargetsFor: promo, branchID: allBranches },
        sort: [{ key: 'percentage', direction: 'desc' }],
        offset: 1000,
        limit: 100,
      },
    },
  ];
}

/** The pace bands' summaries and the table filtered by band. */
function paceQueries(twoRegionBranches: string[], allBranches: string[]): NamedQuery[] {
  const table = tableAt(twoRegionBranches);
  return [
    {
      name: 'summary: bands (2 regions)',
      request: summary('bands', twoRegionBranches),
    },
    {
      name: 'summary: branches (2 regions)',
      request: summary('branches', twoRegionBranches),
    },
    {
      name: 'table band behind, page 1 (2 regions)',
      request: table({
        filters: { band: 'behind' },
        sort: [{ key: 'percentage', direction: 'desc' }],
        limit: 10,
      }),
    },
    {
      name: 'table band on pace, page 20, total spend asc (2 regions)',
      request: table({
        filters: { band: 'on-pace' },
        sort: [{ key: 'totalSpend', direction: 'asc' }],
        offset: 190,
        limit: 10,
      }),
    },
    {
      name: 'summary: bands (every branch)',
      request: summary('bands', allBranches),
    },
    {
      name: 'summary: branches (every branch)',
      request: summary('branches', allBranches),
    },
    {
      name: 'table band slipping or behind, page 1 (every branch)',
      request: {
        filters: { hasTargetsFor: promo, branchID: allBranches, band: ['slipping', 'behind'] },
        sort: [{ key: 'needsAttention', direction: 'desc' }],
        limit: 10,
      },
    },
  ];
}

interface TimingContext {
  db: ReturnType<typeof openDatabase>;
  app: Awaited<ReturnType<typeof buildApp>>;
  headers: Record<string, string>;
  scope: { allowedRegions: string[] };
  now: number;
  iterations: number;
}

/**
 * Times one query `iterations` times (after a few unmeasured runs) through the search function, then
 * through the endpoint, and
 * checks that both agree on the total and that a summary's bands add up to it.
 */
async function timeQuery(
  { db, app, headers, scope, now, iterations }: TimingContext,
  name: string,
  request: AccountSearchRequest,
): Promise<{ total: number; functionSamples: number[]; endpointSamples: number[] }> {
  const warmUp = Math.max(3, Math.round(iterations / 10));
  for (let i = 0; i < warmUp; i += 1) searchAccounts(db, request, scope, now);

  const functionSamples: number[] = [];
  let total = 0;
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    total = searchAccounts(db, request, scope, now).total;
    functionSamples.push(performance.now() - started);
  }

  const endpointSamples: number[] = [];
  for (let i = 0; i < iterations; i += 1) {
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/account/search',
      payload: request,
      headers,
    });
    endpointSamples.push(performance.now() - started);
    if (response.statusCode !== 200) throw new Error(`${name}: ${response.statusCode} ${response.body}`);
    if (i === 0) {
      const body = response.json<AccountSearchResponse>();
      if (body.total !== total)
        throw new Error(`${name}: the endpoint and the function disagree on the total`);
      const banded = body.summary ? Object.values(body.summary.bands).reduce((a, b) => a + b, 0) : total;
      if (banded !== total) throw new Error(`${name}: the summary's bands add up to ${banded}, not ${total}`);
    }
  }

  return { total, functionSamples, endpointSamples };
}

/** SQLite's plan for the statement the query runs (the page, the count, or a summary's). */
function queryPlan(
  db: ReturnType<typeof openDatabase>,
  request: AccountSearchRequest,
  scope: { allowedRegions: string[] },
): string[] {
  const query = buildSearchQuery(request, scope, countTextMatches(db, request));
  const planned =
    request.summary === 'branches'
      ? query.branchSetsSql
      : request.summary === 'bands'
        ? query.bandsSql
        : request.totalOnly
          ? query.countSql
          : query.pageSql;
  return (
    db
      .prepare(`EXPLAIN QUERY PLAN ${planned}`)
      .all({ ...query.params, limit: request.limit ?? 10, offset: request.offset ?? 0 }) as {
      detail: string;
    }[]
  ).map((row) => row.detail);
}

export async function runSearchBenchmark(options: SearchBenchmarkOptions): Promise<SearchBenchmarkReport> {
  const log = options.log ?? (() => undefined);
  const now = options.now ?? Date.now();
  const db = openDatabase(options.dbFile);
  try {
    log(`Seeding ${options.accounts.toLocaleString('en-NZ')} accounts into ${options.dbFile} …`);
    const seeded = await seedDemoData(db, { now, volumeAccounts: Math.max(0, options.accounts - 3) });
    db.pragma('optimize');
    log(`Seeded in ${(seeded.milliseconds / 1000).toFixed(1)} s.`);

    const app = await buildApp({ db, now: () => now, devEndpoints: false });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/session/login',
        payload: { email: DEMO_EMAILS.rep, password: DEMO_PASSWORD },
      });
      const cookie = login.cookies.find((entry) => entry.name === 'ezy_sid');
      if (!cookie) throw new Error(`Could not sign in as ${DEMO_EMAILS.rep}: ${login.body}`);
      const headers = { cookie: `ezy_sid=${cookie.value}` };

      const content = new ContentStore(db);
      const branchIds = (regions: readonly string[]) =>
        content
          .branchesFor({ role: 'rep', allowedRegions: regions })
          .map((branch) => branch.branchID)
          .sort();
      const scope = { allowedRegions: [...REGIONS] };
      const queries = typicalQueries(branchIds(['Auckland', 'Waikato']), branchIds(REGIONS));

      const results: QueryResult[] = [];
      const allFunction: number[] = [];
      const allEndpoint: number[] = [];
      for (const { name, request } of queries) {
        const { total, functionSamples, endpointSamples } = await timeQuery(
          { db, app, headers, scope, now, iterations: options.iterations },
          name,
          request,
        );
        const plan = queryPlan(db, request, scope);

        const result: QueryResult = {
          name,
          request,
          total,
          searchFunction: summarise(functionSamples),
          endpoint: summarise(endpointSamples),
          plan,
        };
        results.push(result);
        allFunction.push(...functionSamples);
        allEndpoint.push(...endpointSamples);
        log(
          `${name.padEnd(58)} ${String(total).padStart(6)} matches  function p50 ${result.searchFunction.p50
            .toFixed(2)
            .padStart(
              6,
            )} p95 ${result.searchFunction.p95.toFixed(2).padStart(6)}  endpoint p50 ${result.endpoint.p50
            .toFixed(2)
            .padStart(6)} p95 ${result.endpoint.p95.toFixed(2).padStart(6)} ms`,
        );
      }

      return {
        accounts: options.accounts,
        iterations: options.iterations,
        seedMilliseconds: seeded.milliseconds,
        node: process.version,
        queries: results,
        overall: { searchFunction: summarise(allFunction), endpoint: summarise(allEndpoint) },
      };
    } finally {
      await app.close();
    }
  } finally {
    db.close();
  }
}
