// Brings in @fastify/cookie's typings for request.cookies and reply.setCookie.
import type {} from '@fastify/cookie';
import { API_CONTRACT, type ApiContract, type ApiRoute, type Caller } from '@promo/domain/api/api-contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { SESSION_TTL_MS } from '../auth/session-store';
import type { User } from '../users/user-store';
import type { AppContext } from './app-context';
import { badRequest, forbidden, HttpError, unauthorized } from './errors';
import { checkAnsweredReach, checkNamedReach, hasReach, reachInputSchema } from './reach';
import { SIGNED_IN_ROLES } from '@promo/domain/api/values';
import type { SignedInRole } from '@promo/domain/types';

/**
 * How the server reads a request: who sends it and what it sends, by the /api/v1 contract
 * (@promo/domain/api/api-contract.ts, docs/decisions/042-one-api-contract.md).
 *
 * - Who: the session cookie names the user (currentUser); a table route refuses a caller its
 *   entry does not name before its handler runs, and the handler reads the caller with
 *   contractCaller. Routes outside the table guard themselves with requireUser and its kin.
 * - What: every body or query is parsed with a zod schema (parseInput); the table's routes read
 *   theirs with the table's schemas (contractBody, contractQuery), and every 2xx answer of a table
 *   route is checked against its answer's schema (enforceContract).
 */

export const API_PREFIX = '/api/v1';

// Who sends the request: the session cookie and the user it names.

const SESSION_COOKIE = 'ezy_sid';

// One lookup per request, however many helpers ask.
const resolved = new WeakMap<FastifyRequest, User | null>();

/**
 * Secure whenever the browser reached the API over TLS (request.protocol, which believes the
 * X-Forwarded-Proto of a trusted proxy: the shell's host names it), and always when configured.
 */
export function cookieOptions(ctx: AppContext, reply: FastifyReply) {
  const secure = ctx.secureCookies || reply.request.protocol === 'https';
  return { httpOnly: true, sameSite: 'lax', path: '/', secure } as const;
}

/** The raw session id the browser sent, if any. */
export function readSessionCookie(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined;
}

export function setSessionCookie(ctx: AppContext, reply: FastifyReply, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, { ...cookieOptions(ctx, reply), maxAge: SESSION_TTL_MS / 1000 });
}

export function clearSessionCookie(ctx: AppContext, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx, reply));
}

/**
 * The signed-in user, or null. A cookie naming an expired or unknown session is cleared; a session
 * whose expiry slid forward gets its cookie re-sent so the browser's copy slides too.
 */
export function currentUser(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): User | null {
  const known = resolved.get(request);
  if (known !== undefined) return known;
  const sessionId = readSessionCookie(request);
  let user: User | null = null;
  if (sessionId) {
    const session = ctx.sessions.resolve(sessionId, ctx.now());
    user = session ? (ctx.users.get(session.userId) ?? null) : null;
    if (!user) clearSessionCookie(ctx, reply);
    else if (session?.renewed) setSessionCookie(ctx, reply, sessionId);
  }
  resolved.set(request, user);
  return user;
}

/** 401 when signed out, 403 when signed in with a role the call is not for. */
export function requireUser(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  roles: readonly SignedInRole[] = SIGNED_IN_ROLES,
): User {
  const user = currentUser(ctx, request, reply);
  if (!user) throw unauthorized();
  if (!roles.includes(user.role)) {
    throw forbidden(
      roles.length === 1 ? `Only ${roles[0]}s can do this.` : 'You do not have access to this.',
    );
  }
  return user;
}

/** A customer together with the account they act for; 403 for a customer linked to no account. */
function requireCustomer(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Customer {
  const user = requireUser(ctx, request, reply, ['customer']);
  if (user.accountId === null) throw forbidden('Your user is not linked to an account.');
  return user as Customer;
}

const NOT_CONFIRMED_MESSAGE = 'Your linked accounts are not confirmed yet.';
const UNDER_REVIEW_MESSAGE = 'Your linked accounts are under review by the Ezy Rewards team.';

/**
 * A customer whose linked accounts are confirmed: nobody acts on trading accounts that may not be
 * theirs (docs/product-rules.md, 'Account confirmation'). 403 while they are unconfirmed or under review.
 */
function requireConfirmedCustomer(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): Customer {
  const customer = requireCustomer(ctx, request, reply);
  const status = ctx.accounts.confirmationStatus(customer.accountId);
  if (status === 'challenged') throw forbidden(UNDER_REVIEW_MESSAGE);
  if (status !== 'confirmed') throw forbidden(NOT_CONFIRMED_MESSAGE);
  return customer;
}

function requireRep(ctx: AppContext, request: FastifyRequest, reply: FastifyReply): User {
  return requireUser(ctx, request, reply, ['rep']);
}

export function forgetResolvedUser(request: FastifyRequest): void {
  resolved.delete(request);
}

// What the request sends, and who the contract lets send it.

/**
 * Parses a request body or query with a zod schema; failure is a 400 whose message names the field
 * and the reason ('email: Required'), which the client shows as its toast text.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input, {
    // zod's wording for a missing field is "expected string, received undefined": say "Required" instead.
    error: (issue) => (issue.input === undefined ? 'Required' : undefined),
  });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw badRequest('body: Invalid input');
  const field = issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
  throw badRequest(`${field}: ${issue.message}`);
}

type RouteWith<Part extends 'body' | 'query'> = {
  [Route in ApiRoute]: ApiContract[Route] extends Record<Part, z.ZodType> ? Route : never;
}[ApiRoute];

/**
 * The table's name of the route a request matched, e.g. 'POST /account/search'. Fastify answers a
 * HEAD with the GET's handler, so a HEAD is read, and refused, as its GET.
 */
function routeOf(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? '';
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path}`;
}

/** A handler that names another route than the one it serves would read with the wrong schema: fail at once. */
function servedAs(request: FastifyRequest, route: ApiRoute): void {
  const served = routeOf(request);
  if (served !== route) throw new Error(`The handler of ${served} reads the contract of ${route}.`);
}

/** The request's body, parsed with the route's schema: a 400 naming the field when it does not fit. */
export function contractBody<Route extends RouteWith<'body'>>(
  request: FastifyRequest,
  route: Route,
): z.output<ApiContract[Route]['body']> {
  servedAs(request, route);
  return parseInput(API_CONTRACT[route].body, request.body ?? undefined) as z.output<
    ApiContract[Route]['body']
  >;
}

/** The request's query string, parsed with the route's schema: a 400 naming the field when it does not fit. */
export function contractQuery<Route extends RouteWith<'query'>>(
  request: FastifyRequest,
  route: Route,
): z.output<ApiContract[Route]['query']> {
  servedAs(request, route);
  return parseInput(API_CONTRACT[route].query, request.query) as z.output<ApiContract[Route]['query']>;
}

/** A customer together with the account they act for. */
type Customer = User & { accountId: string };

interface Callers {
  anyone: User | null;
  'signed-in': User;
  customer: Customer;
  'confirmed-customer': Customer;
  rep: User;
}

/**
 * The caller a table entry names, or a 401/403 (signed out, another role, a customer with no
 * account, a customer whose accounts are not confirmed).
 */
function callerAs(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  caller: Caller,
): User | null {
  if (caller === 'anyone') return currentUser(ctx, request, reply);
  if (caller === 'customer') return requireCustomer(ctx, request, reply);
  if (caller === 'confirmed-customer') return requireConfirmedCustomer(ctx, request, reply);
  if (caller === 'rep') return requireRep(ctx, request, reply);
  return requireUser(ctx, request, reply);
}

/** Who sent the request, as the route's entry names them: a customer with their account, a rep, any user, or anyone. */
export function contractCaller<Route extends ApiRoute>(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  route: Route,
): Callers[ApiContract[Route]['caller']] {
  servedAs(request, route);
  return callerAs(ctx, request, reply, API_CONTRACT[route].caller) as Callers[ApiContract[Route]['caller']];
}

const contracts: Readonly<Record<string, { caller: Caller; answer: z.ZodType } | undefined>> = API_CONTRACT;

const servedRoutes = new WeakMap<FastifyInstance, string[]>();

/** The GET and POST routes an app serves under API_PREFIX, named as the table names them. */
export function servedApiRoutes(app: FastifyInstance): readonly string[] {
  return servedRoutes.get(app) ?? [];
}

/**
 * Holds every table route to its entry, whatever its handler does:
 * - before the handler, a caller the entry does not name is refused (401 or 403), so a handler
 *   cannot forget the check; for a route with a reach, so is a request that names a user or an
 *   account out of the caller's reach, and an answer that holds one is a 500 (src/http/reach.ts);
 * - every 2xx answer is checked against the answer's schema before it is sent. One that strays is
 *   a 500 naming the route and the field, not a body the screens would misread: the check costs
 *   well under a millisecond for a 100-row search (docs/decisions/042-one-api-contract.md).
 */
export function enforceContract(app: FastifyInstance, ctx: AppContext): void {
  const served: string[] = [];
  servedRoutes.set(app, served);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      if (method === 'GET' || method === 'POST')
        served.push(`${method} ${route.url.slice(API_PREFIX.length)}`);
    }
  });
  app.addHook('preHandler', async (request, reply) => {
    const route = routeOf(request);
    const contract = contracts[route];
    if (!contract) return;
    if (contract.caller !== 'anyone') callerAs(ctx, request, reply, contract.caller);
    if (!hasReach(route)) return;
    // Read with the route's schema first, so a malformed request is the 400 its handler would give.
    const { part, schema } = reachInputSchema(route);
    const input = parseInput(schema, request[part] ?? undefined);
    checkNamedReach(ctx, route, callerAs(ctx, request, reply, contract.caller), input);
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const route = routeOf(request);
    const contract = contracts[route];
    if (!contract) return payload;
    const result = contract.answer.safeParse(payload);
    if (!result.success) {
      const issue = result.error.issues[0];
      const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
      throw new HttpError(
        500,
        `${route} answered off the contract: ${field}: ${issue?.message ?? 'Invalid'}`,
      );
    }
    if (hasReach(route)) checkAnsweredReach(ctx, route, currentUser(ctx, request, reply), result.data);
    return payload;
  });
}
