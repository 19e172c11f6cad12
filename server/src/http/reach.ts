import { API_CONTRACT, type ApiContract, type ApiRoute } from '@promo/domain/api/api-contract';
import {
  canReachAccount,
  canReachUser,
  type Reacher,
  type ReachedUser,
} from '@promo/domain/rep/rep-reach.rules';
import type { z } from 'zod';
import type { AccountStore } from '../accounts/account-store';
import type { User, UserStore } from '../users/user-store';
import { forbidden, HttpError } from './errors';

/**
 * Holds every route whose contract entry has `reach: 'own-or-regions'` to it, whatever its handler
 * does (@promo/domain/rep/rep-reach.rules.ts says who reaches what):
 * - the users and accounts a request names are checked before its handler runs: one out of the
 *   caller's reach is a 403 that names it, the same words as GET /account/get has always used;
 * - the users and accounts an answer holds are checked before it is sent: a handler that forgot to
 *   scope its query is a 500, never a leak. Handlers still scope their own queries (a search's
 *   totals and pages must be of what the caller may see); this is the net under them.
 */

/** The users and accounts a request or an answer names, by id. */
interface Named {
  accounts?: readonly string[];
  users?: readonly string[];
}

type ReachRoute = {
  [Route in ApiRoute]: ApiContract[Route] extends { reach: string } ? Route : never;
}[ApiRoute];

type InputOf<Route extends ReachRoute> = ApiContract[Route] extends { body: z.ZodType }
  ? z.output<ApiContract[Route]['body']>
  : ApiContract[Route] extends { query: z.ZodType }
    ? z.output<ApiContract[Route]['query']>
    : never;

interface RouteReach<Route extends ReachRoute> {
  /** What the request names; absent when it names nobody (a search). */
  named?: (input: InputOf<Route>) => Named;
  /** What the answer holds; absent when it holds nobody (an { ok } answer). */
  answered?: (answer: z.output<ApiContract[Route]['answer']>) => Named;
}

/** Every route with a reach, and what it names and answers: a route that gains a reach without a row here fails the typecheck. */
const REACH: { [Route in ReachRoute]: RouteReach<Route> } = {
  'POST /user/get': {
    named: (body) => ({ users: body.ids }),
    answered: (users) => ({ users: users.map((user) => user.id) }),
  },
  'POST /user/search': { answered: (page) => ({ users: page.items.map((user) => user.id) }) },
  'POST /form-submission/submit': { named: (body) => ({ accounts: body.accountId ? [body.accountId] : [] }) },
  'GET /account/get': {
    named: (query) => ({ accounts: query.ids }),
    answered: (accounts) => ({ accounts: accounts.map((account) => account.id) }),
  },
  'POST /account/search': {
    answered: (page) => ({ accounts: [...page.ids, ...page.items.map((item) => item.id)] }),
  },
  'POST /audit/log': { named: (body) => ({ accounts: [body.data.globalId] }) },
  'POST /briefcase/page': { answered: (page) => ({ accounts: page.accounts.map((account) => account.id) }) },
};

const reaches: Readonly<Record<string, { caller: string; reach?: string } | undefined>> = API_CONTRACT;

/** Whether the contract gives the route a reach (REACH then has its row: the typecheck says so). */
export function hasReach(route: string): route is ReachRoute {
  return reaches[route]?.reach !== undefined;
}

/** The contract's schema of what a reach route's request carries. */
export function reachInputSchema(route: ReachRoute): { part: 'body' | 'query'; schema: z.ZodType } {
  const contract: { body?: z.ZodType; query?: z.ZodType } = API_CONTRACT[route];
  if (contract.body) return { part: 'body', schema: contract.body };
  if (contract.query) return { part: 'query', schema: contract.query };
  throw new Error(`${route} has a reach but reads nothing.`);
}

/** Where reaching users and accounts is looked up (the app's stores). */
interface ReachStores {
  accounts: AccountStore;
  users: UserStore;
}

function usersOf(stores: ReachStores, ids: readonly string[]): ReachedUser[] {
  if (ids.length === 0) return [];
  const users = stores.users.getMany([...new Set(ids)]);
  const accountIds = users.flatMap((user) => (user.accountId === null ? [] : [user.accountId]));
  const regions = new Map(
    stores.accounts.regionsOf(accountIds).map((account) => [account.id, account.primaryRegion]),
  );
  return users.map((user) => ({
    id: user.id,
    role: user.role,
    accountId: user.accountId,
    primaryRegion: user.accountId === null ? null : (regions.get(user.accountId) ?? null),
  }));
}

function reacherOf(user: User): Reacher {
  return { id: user.id, role: user.role, accountId: user.accountId, allowedRegions: user.allowedRegions };
}

/** What a refusal says, by what was named and who named it. */
const REFUSALS = {
  account: {
    anonymous: () => 'Sign in to write about an account.',
    customer: () => 'You can only view your own account.',
    rep: (id: string) => `Account ${id} is outside your regions.`,
  },
  user: {
    anonymous: () => 'Sign in to read a user.',
    customer: () => 'You can only read your own user.',
    rep: (id: string) => `User ${id} is outside your regions.`,
  },
} as const;

/** The first named user or account out of the caller's reach, in words; unknown ids are nobody's. */
function outOfReach(stores: ReachStores, caller: User | null, named: Named): string | undefined {
  const reacher = caller ? reacherOf(caller) : undefined;
  const who = caller?.role ?? 'anonymous';
  const account = stores.accounts
    .regionsOf(named.accounts ?? [])
    .find((found) => !reacher || !canReachAccount(reacher, found));
  if (account) return REFUSALS.account[who](account.id);
  const user = usersOf(stores, named.users ?? []).find((found) => !reacher || !canReachUser(reacher, found));
  if (user) return REFUSALS.user[who](user.id);
  return undefined;
}

/** Before the handler: a 403 when the request names a user or an account out of the caller's reach. */
export function checkNamedReach(
  stores: ReachStores,
  route: ReachRoute,
  caller: User | null,
  input: unknown,
): void {
  const named = (REACH[route] as RouteReach<ReachRoute>).named?.(input as never);
  const refusal = named && outOfReach(stores, caller, named);
  if (refusal) throw forbidden(refusal);
}

/** Before the answer is sent: a 500 when it holds a user or an account out of the caller's reach. */
export function checkAnsweredReach(
  stores: ReachStores,
  route: ReachRoute,
  caller: User | null,
  answer: unknown,
): void {
  const held = (REACH[route] as RouteReach<ReachRoute>).answered?.(answer as never);
  const leak = held && outOfReach(stores, caller, held);
  if (leak) throw new HttpError(500, `${route} answered outside the caller's reach: ${leak}`);
}
