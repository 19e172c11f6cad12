import { API_CONTRACT, type ApiContract, type ApiRoute } from '@promo/domain/api/api-contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest, HttpError } from './errors';

/**
 * How the server reads requests, and its side of the /api/v1 contract
 * (@promo/domain/api/api-contract.ts, docs/decisions/042-one-api-contract.md): every body or query
 * is parsed with a zod schema (parseInput); the table's routes read theirs with the table's
 * schemas (contractBody, contractQuery), and every 2xx answer of a table route is checked against
 * its answer's schema.
 */

export const API_PREFIX = '/api/v1';

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

/** The table's name of the route a request matched, e.g. 'POST /account/search'. */
function routeOf(request: FastifyRequest): string {
  const path = request.routeOptions.url ?? '';
  return `${request.method} ${path.startsWith(API_PREFIX) ? path.slice(API_PREFIX.length) : path}`;
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

const contracts: Readonly<Record<string, { answer: z.ZodType } | undefined>> = API_CONTRACT;

const servedRoutes = new WeakMap<FastifyInstance, string[]>();

/** The GET and POST routes an app serves under API_PREFIX, named as the table names them. */
export function servedApiRoutes(app: FastifyInstance): readonly string[] {
  return servedRoutes.get(app) ?? [];
}

/**
 * Checks every 2xx answer of a table route against its schema before it is sent. One that strays
 * is a 500 naming the route and the field, not a body the screens would misread: the check costs
 * well under a millisecond for a 100-row search (docs/decisions/042-one-api-contract.md).
 */
export function checkAnswersAgainstContract(app: FastifyInstance): void {
  const served: string[] = [];
  servedRoutes.set(app, served);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(API_PREFIX)) return;
    for (const method of [route.method].flat()) {
      if (method === 'GET' || method === 'POST')
        served.push(`${method} ${route.url.slice(API_PREFIX.length)}`);
    }
  });
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    const route = routeOf(request);
    const contract = contracts[route];
    if (!contract) return payload;
    const result = contract.answer.safeParse(payload);
    if (result.success) return payload;
    const issue = result.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'body';
    throw new HttpError(500, `${route} answered off the contract: ${field}: ${issue?.message ?? 'Invalid'}`);
  });
}
