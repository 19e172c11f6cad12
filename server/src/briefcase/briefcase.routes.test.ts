import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import type { Account, AccountSearchResponse, ApiErrorBody, Promotion } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, DEMO_PROMOTION_IDS, REP_NORTH_REGIONS } from '../seed/demo-logins';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
let rep: string;
let repNorth: string;
beforeAll(async () => {
  t = await createTestApp({ volumeAccounts: 300 });
  rep = await t.login(DEMO_EMAILS.rep);
  repNorth = await t.login(DEMO_EMAILS.repNorth);
});
afterAll(async () => {
  await t.app.close();
});

const { multiTarget, finished } = DEMO_PROMOTION_IDS;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Every page of a briefcase, as the client asks for them: each page's `next` is the following `after`. */
async function allPages(cookie: string, body: { branchID: string[]; limit?: number }) {
  const pages: BriefcasePage[] = [];
  let after: string | undefined;
  do {
    const response = await t.post('/api/v1/briefcase/page', { ...body, ...(after ? { after } : {}) }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<BriefcasePage>();
    pages.push(page);
    after = page.next ?? undefined;
  } while (after !== undefined);
  return { pages, accounts: pages.flatMap((page) => page.accounts) };
}

function regionCustomers(regions?: readonly string[]): string[] {
  const rows = t.db.prepare('SELECT id, primary_region FROM accounts ORDER BY id').all() as {
    id: string;
    primary_region: string;
  }[];
  return rows.filter((row) => !regions || regions.includes(row.primary_region)).map((row) => row.id);
}

async function searchIds(cookie: string, filters: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  for (let offset = 0; ; offset += 100) {
    const response = await t.post('/api/v1/account/search', { filters, limit: 100, offset }, cookie);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json<AccountSearchResponse>();
    ids.push(...page.ids);
    if (offset + 100 >= page.total) return ids.toSorted();
  }
}

describe('POST /briefcase/page', () => {
  it('pages through every customer of the rep’s regions once, in id order, in a few requests', async () => {
    const { pages, accounts } = await allPages(rep, { branchID: [], limit: 100 });
    const expected = regionCustomers();
    expect(accounts.map((account) => account.id)).toEqual(expected);
    expect(pages.length).toBe(Math.ceil(expected.length / 100));
    expect(pages.every((page) => page.total === expected.length)).toBe(true);
    expect(pages.at(-1)?.next).toBeNull();
  });

  it('holds each customer’s view as GET /account/get has it, with the promotions the rep’s screens list', async () => {
    const { pages, accounts } = await allPages(rep, { branchID: [] });
    const listed = (
      await t.get(
        `/api/v1/promotion/get?endTimestampMoreThanEqual=${t.clock.now - 90 * DAY_MS}&startTimestampLessThanEqual=${t.clock.now + 60 * DAY_MS}`,
        rep,
      )
    ).json<Promotion[]>();
    expect(pages[0]?.promotions).toEqual(listed);
    const kept = accounts.find((account) => account.id === 'G100001');
    const [full] = (await t.get('/api/v1/account/get?ids=G100001', rep)).json<Account[]>();
    expect(kept).toEqual(full);
  });

  it('keeps the customers of the chosen branches: those the customer search lists for them', async () => {
    const branches = (
      t.db.prepare('SELECT branch_id FROM branches ORDER BY branch_id LIMIT 3').all() as {
        branch_id: string;
      }[]
    ).map((row) => row.branch_id);
    const { accounts } = await allPages(rep, { branchID: branches });
    const withTargets = accounts
      .filter((account) => account.targetDetails[multiTarget] !== undefined)
      .map((account) => account.id)
      .toSorted();
    expect(withTargets.length).toBeGreaterThan(0);
    expect(withTargets).toEqual(await searchIds(rep, { hasTargetsFor: multiTarget, branchID: branches }));
    expect(accounts.length).toBeLessThan(regionCustomers().length);
  });

  it('keeps a rep limited to some regions within them', async () => {
    const { accounts } = await allPages(repNorth, { branchID: [] });
    expect(accounts.map((account) => account.id)).toEqual(regionCustomers(REP_NORTH_REGIONS));
    expect(new Set(accounts.map((account) => account.primaryRegion))).toEqual(new Set(REP_NORTH_REGIONS));
  });

  it('refuses a malformed request with the field it is about', async () => {
    const cases: [unknown, string][] = [
      [{}, 'branchID'],
      [{ branchID: [], limit: 0 }, 'limit'],
      [{ branchID: [], limit: 501 }, 'limit'],
      [{ branchID: [''] }, 'branchID'],
      [{ branchID: [], after: 7 }, 'after'],
    ];
    for (const [body, field] of cases) {
      const response = await t.post('/api/v1/briefcase/page', body, rep);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json<ApiErrorBody>().message).toContain(field);
    }
  });

  it('is for reps: a customer is refused', async () => {
    const customer = await t.login(DEMO_EMAILS.customer);
    expect((await t.post('/api/v1/briefcase/page', { branchID: [] }, customer)).statusCode).toBe(403);
    expect((await t.post('/api/v1/briefcase/page', { branchID: [] })).statusCode).toBe(401);
  });

  // Last: the rep's sessions do not outlive the clock's jump.
  it('leaves out the figures of promotions the rep’s screens no longer list', async () => {
    const seedDay = t.clock.now;
    t.clock.now = seedDay + 61 * DAY_MS;
    try {
      const { pages, accounts } = await allPages(await t.login(DEMO_EMAILS.rep), { branchID: [] });
      const listed = new Set(pages[0]?.promotions.map((promotion) => promotion.id));
      expect(listed.has(finished)).toBe(false);
      expect(listed.has(multiTarget)).toBe(true);
      const kept = accounts.find((account) => account.id === 'G100001');
      expect(Object.keys(kept?.pastProgressDetails ?? {}).every((id) => listed.has(id))).toBe(true);
      expect(kept?.pastProgressDetails[multiTarget]).toBeDefined();
      expect(kept?.progressDetails[finished]).toBeUndefined();
    } finally {
      t.clock.now = seedDay;
    }
  });
});
