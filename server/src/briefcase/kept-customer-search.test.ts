import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import {
  indexKeptCustomers,
  searchKeptCustomers,
  type KeptCustomerIndex,
} from '@promo/domain/rep/kept-customer-search.rules';
import type { AccountSearchRequest, AccountSearchResponse, PaceBand } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, DEMO_PROMOTION_IDS } from '../seed/demo-logins';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * The offline table's search (searchKeptCustomers over the customers POST /briefcase/page keeps)
 * and the server's (POST /account/search) over the same seeded data: the same customers in the same
 * order, the same totals and the same band counts, query after query.
 */

let t: TestApp;
let rep: string;
let kept: KeptCustomerIndex;
beforeAll(async () => {
  t = await createTestApp({ volumeAccounts: 400 });
  rep = await t.login(DEMO_EMAILS.rep);
  const pages: BriefcasePage[] = [];
  let after: string | null = null;
  do {
    const response = await t.post(
      '/api/v1/briefcase/page',
      { branchID: [], ...(after ? { after } : {}) },
      rep,
    );
    const page = response.json<BriefcasePage>();
    pages.push(page);
    after = page.next;
  } while (after !== null);
  kept = indexKeptCustomers({
    accounts: pages.flatMap((page) => page.accounts),
    promotions: pages[0]?.promotions ?? [],
  });
});
afterAll(async () => {
  await t.app.close();
});

const { multiTarget, foodPack } = DEMO_PROMOTION_IDS;

async function serverSearch(request: AccountSearchRequest): Promise<AccountSearchResponse> {
  const response = await t.post('/api/v1/account/search', request, rep);
  expect(response.statusCode, `${JSON.stringify(request)}: ${response.body}`).toBe(200);
  return response.json<AccountSearchResponse>();
}

/** Every request in turn, each answered by both; the differing ones, with what each said. */
async function differences(requests: readonly AccountSearchRequest[]) {
  const differing: { request: AccountSearchRequest; server: unknown; kept: unknown }[] = [];
  for (const request of requests) {
    const server = await serverSearch(request);
    const offline = searchKeptCustomers(kept, request, t.clock.now);
    if (JSON.stringify(server) !== JSON.stringify(offline))
      differing.push({ request, server, kept: offline });
  }
  return differing;
}

const SORTS: AccountSearchRequest['sort'][] = [
  undefined,
  [{ key: 'percentage', direction: 'desc' }],
  [{ key: 'percentage', direction: 'asc' }],
  [{ key: 'totalSpend', direction: 'asc' }],
  [{ key: 'totalSpend', direction: 'desc' }],
  [{ key: 'needsAttention', direction: 'desc' }],
  [{ key: 'needsAttention', direction: 'asc' }],
  [{ key: 'name', direction: 'asc' }],
  [
    { key: 'needsAttention', direction: 'asc' },
    { key: 'percentage', direction: 'desc' },
  ],
];
const BANDS: (PaceBand | PaceBand[] | undefined)[] = [
  undefined,
  'behind',
  'not-joined',
  ['slipping', 'behind'],
  ['on-pace', 'not-joined'],
];
const TEXTS = ['', 'ltd', 'auto', 'g10', 'a', 'Mo', 'tā', '%', '  Auto  ', 'no such customer'];

function branchIds(count: number): string[] {
  return (
    t.db.prepare('SELECT branch_id FROM branches ORDER BY branch_id LIMIT ?').all(count) as {
      branch_id: string;
    }[]
  ).map((row) => row.branch_id);
}

describe('the offline customer search against the server’s', () => {
  it('finds the same page, order and total for every sort, band and search text of the table', async () => {
    const requests: AccountSearchRequest[] = [];
    for (const sort of SORTS)
      for (const band of BANDS)
        for (const searchText of TEXTS)
          requests.push({
            filters: { hasTargetsFor: multiTarget, branchID: [], ...(band ? { band } : {}), searchText },
            ...(sort ? { sort } : {}),
            limit: 25,
          });
    expect(requests.length).toBe(450);
    expect(await differences(requests)).toEqual([]);
  }, 120_000);

  it('agrees on the registered filters, branches, deep pages and the band counts', async () => {
    const branches = branchIds(4);
    const requests: AccountSearchRequest[] = [];
    for (const filters of [
      { hasTargetsFor: foodPack, enrolledIn: foodPack },
      { hasTargetsFor: foodPack, notEnrolledIn: foodPack },
      { hasTargetsFor: multiTarget, branchID: branches },
      {
        hasTargetsFor: multiTarget,
        enrolledIn: multiTarget,
        branchID: branches.slice(0, 1),
        band: 'on-pace' as const,
      },
      { enrolledIn: multiTarget },
      { notEnrolledIn: multiTarget, searchText: 'ltd' },
      { branchID: branches },
    ])
      for (const sort of SORTS.slice(0, 6))
        for (const offset of [0, 10, 90])
          requests.push({ filters, ...(sort ? { sort } : {}), offset, limit: 10 });
    requests.push(
      { filters: { hasTargetsFor: multiTarget }, totalOnly: true, summary: 'bands' },
      { filters: { hasTargetsFor: foodPack, branchID: branches }, summary: 'bands', limit: 5 },
      { filters: { hasTargetsFor: multiTarget, searchText: 'auto', band: 'behind' }, summary: 'bands' },
    );
    expect(await differences(requests)).toEqual([]);
  }, 120_000);

  it('lists every kept customer with targets, page after page, as the server pages them', async () => {
    const sort = [{ key: 'needsAttention', direction: 'desc' }] as const;
    const filters = { hasTargetsFor: multiTarget };
    const total = (await serverSearch({ filters, totalOnly: true })).total;
    expect(total).toBeGreaterThan(300);
    const requests: AccountSearchRequest[] = [];
    for (let offset = 0; offset < total; offset += 100)
      requests.push({ filters, sort: [...sort], offset, limit: 100 });
    expect(await differences(requests)).toEqual([]);
  }, 120_000);
});
