import { createECDH } from 'node:crypto';
import { API_CONTRACT, type ApiRoute, type Caller } from '@promo/domain/api/api-contract';
import { CONTACT_FIELDS, JOIN_US_FIELDS } from '@promo/domain/public/public-forms.rules';
import type { Account, AssociationsConfirmationStatus } from '@promo/domain/types';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerFixture } from '../seed/fixtures';
import {
  DEMO_ACCOUNT_IDS,
  DEMO_EMAILS,
  DEMO_PASSWORD,
  DEMO_PROMOTION_IDS,
  DEMO_USER_IDS,
} from '../seed/demo-logins';
import { demoIdentities } from '../sso/demo-identities';
import { createTestApp, UNTHROTTLED, type TestApp } from '../test-support/test-app';
import { API_PREFIX } from './contract';

/**
 * The authorization matrix: every route of the /api/v1 contract, called by each kind of caller the
 * product has, with the status each must get and, for an answer, nothing in it that the caller may
 * not see. The admissions below are the product's rules written out in this test's own words, not
 * read from the contract, so a guard that goes missing from the server (or from the contract) fails
 * here; a route added to the contract without its row fails the first test.
 */

const WHO = ['anonymous', 'unconfirmed', 'challenged', 'customer', 'rep.north', 'rep'] as const;
type Who = (typeof WHO)[number];

/** Who each of the contract's callers admits. */
const ADMITS: Record<Caller, readonly Who[]> = {
  anyone: WHO,
  'signed-in': ['unconfirmed', 'challenged', 'customer', 'rep.north', 'rep'],
  customer: ['unconfirmed', 'challenged', 'customer'],
  'confirmed-customer': ['customer'],
  rep: ['rep.north', 'rep'],
};

const REP_NORTH_REGIONS = ['Northland', 'Auckland'];

/** A signed-in caller as the matrix knows them (anonymous: no cookie, no ids). */
interface Identity {
  who: Who;
  cookie?: string;
  userId?: string;
  accountId?: string;
}

interface Call {
  body?: unknown;
  /** The query string, without '?'. */
  query?: string;
}

/** The users and accounts a request names or an answer holds. */
interface Named {
  accounts?: readonly string[];
  users?: readonly string[];
}

interface Row {
  /** Who the product lets call the route: the contract must say the same. */
  admits: Caller;
  /** A request the route grants to any caller it admits. */
  request: (caller: Identity, t: TestApp) => Call | Promise<Call>;
  /** An admitted caller's status when it is not 200: what the route answers that request on its merits. */
  answers?: number | Partial<Record<Who, number>>;
  /** What a 2xx answer holds, each checked against the caller's reach. */
  holds?: (answer: unknown) => Named;
  /**
   * For a route with a reach: a request naming one account or one user, sent once for each probe
   * of that kind below; admitted callers get 200 when it is theirs to see and 403 when it is not.
   */
  naming?: { account?: (id: string) => Call; user?: (id: string) => Call };
  /** The call changes who the caller is (signs out, confirms accounts): the next cell starts afresh. */
  spendsCaller?: boolean;
}

/** The accounts and users probed on every route that names one: in and out of each caller's reach. */
const PROBES = {
  // An Auckland account and a Waikato one.
  account: [DEMO_ACCOUNT_IDS.customer, DEMO_ACCOUNT_IDS.unconfirmed],
  // Their customers, and both demo reps.
  user: [DEMO_USER_IDS.customer, DEMO_USER_IDS.unconfirmed, DEMO_USER_IDS.rep, DEMO_USER_IDS.repNorth],
} as const;

const { foodPack, multiTarget } = DEMO_PROMOTION_IDS;

function pushSubscription() {
  const key = createECDH('prime256v1');
  key.generateKeys();
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${Math.random().toString(36).slice(2)}`,
    keys: { p256dh: key.getPublicKey('base64url'), auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  };
}

/** A form with every field filled in, as the form would send it. */
function filledIn(fields: readonly { name: string; type?: string }[]): Record<string, string> {
  return Object.fromEntries(
    fields.map((field) => [field.name, field.type === 'email' ? 'aroha@example.nz' : 'Aroha Ngata']),
  );
}

const contactUs = (accountId?: string): Call => ({
  body: {
    formConfigurationID: 'contact-us',
    response: filledIn(CONTACT_FIELDS),
    formFields: [],
    ...(accountId === undefined ? {} : { accountId }),
  },
});

const joinUs: Call = {
  body: { formConfigurationID: 'join-us', response: filledIn(JOIN_US_FIELDS), formFields: [] },
};

const MATRIX: Record<ApiRoute, Row> = {
  'GET /session/get': {
    admits: 'anyone',
    request: () => ({}),
    holds: (answer) => {
      const session = answer as { userid: string; accountid?: string };
      return {
        users: session.userid === '0' ? [] : [session.userid],
        accounts: session.accountid ? [session.accountid] : [],
      };
    },
  },
  'POST /session/login': {
    admits: 'anyone',
    request: () => ({ body: { email: DEMO_EMAILS.customer, password: DEMO_PASSWORD } }),
  },
  'GET /session/logout': {
    admits: 'anyone',
    request: () => ({}),
    spendsCaller: true,
  },
  'POST /user/get': {
    admits: 'signed-in',
    request: (caller) => ({ body: { ids: [caller.userId ?? DEMO_USER_IDS.customer] } }),
    holds: (answer) => ({ users: (answer as { id: string }[]).map((user) => user.id) }),
    naming: { user: (id) => ({ body: { ids: [id] } }) },
  },
  'POST /user/search': {
    admits: 'rep',
    request: () => ({ body: { searchText: '', limit: 100 } }),
    holds: (answer) => ({ users: (answer as { items: { id: string }[] }).items.map((user) => user.id) }),
  },
  'POST /user/signup': {
    admits: 'anyone',
    request: () => ({
      body: { firstname: 'Aroha', surname: 'Ngata', email: 'nobody@example.nz', customerID: 'G100009' },
    }),
  },
  'POST /user/verify/email': {
    admits: 'anyone',
    request: () => ({ body: { email: DEMO_EMAILS.customer, hash: 'not-a-token' } }),
    answers: 400,
  },
  'POST /user/forgot/password': {
    admits: 'anyone',
    request: () => ({ body: { email: 'nobody@example.nz' } }),
  },
  'POST /user/reset/password': {
    admits: 'anyone',
    request: () => ({ body: { email: DEMO_EMAILS.customer, hash: 'not-a-token', password: 'Pass-word-1!' } }),
    answers: 400,
  },
  'POST /auth0/get/auth/url': {
    admits: 'anyone',
    request: () => ({ body: {} }),
  },
  'POST /form-submission/submit': {
    admits: 'anyone',
    request: (caller) => (caller.who === 'anonymous' ? joinUs : contactUs()),
    naming: { account: contactUs },
  },
  'GET /block/get': {
    admits: 'anyone',
    request: () => ({ query: 'ids=privacy-policy-html' }),
  },
  'GET /account/get': {
    admits: 'signed-in',
    request: (caller) => ({ query: `ids=${caller.accountId ?? DEMO_ACCOUNT_IDS.customer}` }),
    holds: (answer) => ({ accounts: (answer as Account[]).map((account) => account.id) }),
    naming: { account: (id) => ({ query: `ids=${id}` }) },
  },
  'POST /account/opt/into/promotion': {
    admits: 'confirmed-customer',
    request: () => ({ body: { promotionID: foodPack, joinMailingList: false } }),
  },
  'POST /account/confirm/account/association': {
    admits: 'customer',
    request: async (caller, t) => {
      // Only a customer has linked accounts to answer for; anyone else sends the Other answer alone.
      const response = caller.accountId
        ? await t.get(`${API_PREFIX}/account/get?ids=${caller.accountId}`, caller.cookie)
        : undefined;
      const [account] = response?.statusCode === 200 ? response.json<Account[]>() : [];
      const answers = (account?.divisionDetails ?? []).map((division) => ({
        id: division.id,
        divisionID: division.division,
        division: division.division,
        confirmed: true,
      }));
      return {
        body: {
          associations: [
            ...answers,
            { id: 'other', divisionID: 'other', division: 'other', confirmed: false },
          ],
          comment: '',
        },
      };
    },
    // Already confirmed, or under review: the route's own refusals, not the matrix's.
    answers: { challenged: 400, customer: 400 },
    spendsCaller: true,
  },
  'POST /account/update/tracking': {
    admits: 'confirmed-customer',
    request: () => ({ body: { type: 'promotion_view', key: foodPack.toLowerCase() } }),
  },
  'POST /account/promotion/update/choices': {
    admits: 'confirmed-customer',
    request: () => ({ body: { promotionID: multiTarget, userChoices: { selectedReward: '1:BBQ Hamper' } } }),
  },
  'GET /promotion/get': {
    admits: 'signed-in',
    request: () => ({ query: `ids=${foodPack}` }),
  },
  'GET /configuration/get': {
    admits: 'signed-in',
    request: () => ({ query: 'ids=branch.details' }),
  },
  'POST /account/search': {
    admits: 'rep',
    request: () => ({ body: { limit: 100 } }),
    holds: (answer) => {
      const page = answer as { ids: string[]; items: { id: string }[] };
      return { accounts: [...page.ids, ...page.items.map((item) => item.id)] };
    },
  },
  'POST /audit/log': {
    admits: 'rep',
    request: () => audit(DEMO_ACCOUNT_IDS.customer),
    naming: { account: audit },
  },
  'POST /briefcase/page': {
    admits: 'rep',
    request: () => ({ body: { branchID: [], limit: 500 } }),
    holds: (answer) => ({
      accounts: (answer as { accounts: Account[] }).accounts.map((account) => account.id),
    }),
  },
  'GET /notifications/preferences': {
    admits: 'signed-in',
    request: () => ({}),
  },
  'POST /notifications/preferences': {
    admits: 'signed-in',
    request: () => ({ body: {} }),
  },
  'GET /notifications/config': {
    admits: 'anyone',
    request: () => ({}),
  },
  'POST /notifications/subscribe': {
    admits: 'signed-in',
    request: () => ({ body: { subscription: pushSubscription() } }),
  },
  'POST /notifications/unsubscribe': {
    admits: 'signed-in',
    request: () => ({ body: { endpoint: pushSubscription().endpoint } }),
  },
};

function audit(globalId: string): Call {
  return {
    body: {
      source: 'salesrep',
      event: 'customer_account_view',
      data: { user: DEMO_EMAILS.rep, globalId, globalName: 'A customer' },
    },
  };
}

let t: TestApp;
const sessions = new Map<Who, Identity>();

/** Where each account is, and which account each user acts for, read straight from the database. */
function regionOf(accountId: string): string | undefined {
  return (
    t.db.prepare('SELECT primary_region AS region FROM accounts WHERE id = ?').get(accountId) as
      { region: string } | undefined
  )?.region;
}

function userOf(userId: string): { role: string; account_id: string | null } | undefined {
  return t.db.prepare('SELECT role, account_id FROM users WHERE id = ?').get(userId) as
    { role: string; account_id: string | null } | undefined;
}

/** Whether the caller may see everything `named` holds: their own, or, for a rep, their regions' accounts and customers. */
function mayGetAt(caller: Identity, named: Named): boolean {
  const regions = caller.who === 'rep.north' ? REP_NORTH_REGIONS : undefined;
  const isRep = caller.who === 'rep' || caller.who === 'rep.north';
  const accountSeen = (id: string) =>
    isRep ? regions === undefined || regions.includes(regionOf(id) ?? '') : id === caller.accountId;
  const userSeen = (id: string) => {
    if (id === caller.userId) return true;
    const user = userOf(id);
    return isRep && user?.role === 'customer' && user.account_id !== null && accountSeen(user.account_id);
  };
  return (named.accounts ?? []).every(accountSeen) && (named.users ?? []).every(userSeen);
}

const SCENARIO: Partial<Record<Who, AssociationsConfirmationStatus>> = {
  unconfirmed: 'unconfirmed',
  challenged: 'challenged',
  customer: 'confirmed',
};
const REP_EMAIL: Partial<Record<Who, string>> = { rep: DEMO_EMAILS.rep, 'rep.north': DEMO_EMAILS.repNorth };

/** A caller of this kind: customers are fresh copies of the demo customers, so one cell's change stays there. */
async function identity(who: Who): Promise<Identity> {
  const known = sessions.get(who);
  if (known) return known;
  let found: Identity = { who };
  const scenario = SCENARIO[who];
  const email = REP_EMAIL[who];
  if (scenario) {
    const fixture = (
      await t.post(`${API_PREFIX}/dev/fixtures/customer`, { scenario })
    ).json<CustomerFixture>();
    found = { who, cookie: await t.login(fixture.email, fixture.password), accountId: fixture.accountId };
  } else if (email) {
    found = { who, cookie: await t.login(email) };
  }
  if (found.cookie) {
    const session = (await t.get(`${API_PREFIX}/session/get`, found.cookie)).json<{ userid: string }>();
    found.userId = session.userid;
  }
  sessions.set(who, found);
  return found;
}

async function send(route: ApiRoute, caller: Identity, call: Call): Promise<LightMyRequestResponse> {
  const [method, path] = route.split(' ') as ['GET' | 'POST', string];
  const url = `${API_PREFIX}${path}${call.query ? `?${call.query}` : ''}`;
  const headers = caller.cookie ? { cookie: caller.cookie } : {};
  if (method === 'GET') return t.app.inject({ method, url, headers });
  return t.app.inject({ method, url, headers, payload: call.body ?? {} });
}

interface Cell {
  cell: string;
  status: number;
  expected: number;
  leaked?: Named;
}

function admittedStatus(row: Row, who: Who): number {
  if (typeof row.answers === 'number') return row.answers;
  return row.answers?.[who] ?? 200;
}

function expectedStatus(who: Who, row: Row): number {
  if (ADMITS[row.admits].includes(who)) return admittedStatus(row, who);
  return who === 'anonymous' ? 401 : 403;
}

async function runCell(route: ApiRoute, who: Who): Promise<Cell[]> {
  const row = MATRIX[route];
  const admitted = ADMITS[row.admits].includes(who);
  const caller = await identity(who);
  const response = await send(route, caller, await row.request(caller, t));
  const cells: Cell[] = [
    { cell: `${route} as ${who}`, status: response.statusCode, expected: expectedStatus(who, row) },
  ];
  const held = response.statusCode < 300 ? row.holds?.(response.json()) : undefined;
  if (held && !mayGetAt(caller, held))
    cells.push({ cell: `${route} as ${who}: leaked`, status: 0, expected: 0, leaked: held });
  if (row.spendsCaller) sessions.delete(who);
  for (const kind of ['account', 'user'] as const) {
    const naming = row.naming?.[kind];
    for (const id of naming ? PROBES[kind] : []) {
      const prober = await identity(who);
      const status = (await send(route, prober, naming?.(id) ?? {})).statusCode;
      const theirs = mayGetAt(prober, kind === 'account' ? { accounts: [id] } : { users: [id] });
      const expected = admitted ? (theirs ? 200 : 403) : expectedStatus(who, row);
      cells.push({ cell: `${route} as ${who}, naming ${kind} ${id}`, status, expected });
    }
  }
  return cells;
}

beforeAll(async () => {
  // Each cell signs in; the throttles are another file's subject.
  t = await createTestApp({ throttle: UNTHROTTLED, ssoIdentities: demoIdentities() });
});

afterAll(async () => {
  await t.app.close();
});

describe('the authorization matrix: every contract route, every kind of caller', () => {
  it('has a row for every route of the contract, admitting whom the contract admits', () => {
    expect(Object.keys(API_CONTRACT).filter((route) => !(route in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((route) => !(route in API_CONTRACT))).toEqual([]);
    const differ = Object.entries(MATRIX).filter(
      ([route, row]) => API_CONTRACT[route as ApiRoute].caller !== row.admits,
    );
    expect(differ.map(([route, row]) => `${route}: ${row.admits}`)).toEqual([]);
  });

  it('answers each caller as the product allows, and shows nobody what is not theirs to see', async () => {
    const cells: Cell[] = [];
    for (const route of Object.keys(MATRIX) as ApiRoute[]) {
      for (const who of WHO) cells.push(...(await runCell(route, who)));
    }
    const wrong = cells.filter((cell) => cell.status !== cell.expected || cell.leaked);
    expect(wrong).toEqual([]);
    // Every route as all six callers, and every probe of every route that names someone.
    expect(cells.length).toBeGreaterThan(Object.keys(MATRIX).length * WHO.length);
  }, 60_000);
});
