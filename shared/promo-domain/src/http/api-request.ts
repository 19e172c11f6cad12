/**
 * How every /api/v1 call is sent, typed by the contract's table (api/api-contract.ts): the session
 * cookie, JSON in and out, and a Response whose body is read as the route's answer. A call off the
 * table, with another body or query, or read as another answer, fails the typecheck. Types only:
 * the table's schemas stay out of every browser bundle.
 *
 * The http client builds on it, and so do the shell entry's first requests
 * (shell/src/federation/early-loading.ts), which run before the shared modules are negotiated: this
 * module holds no state, so the entry's own copy of it sends the same request
 * (docs/decisions/013-early-requests-through-api-request.md).
 */
import type { z } from 'zod';
import type { ApiContract, ApiRoute } from '../api/api-contract';

type ApiMethod = 'GET' | 'POST';

/** The paths of the table's routes sent with `Method`. */
export type PathOf<Method extends ApiMethod> = ApiRoute extends infer Route
  ? Route extends `${Method} ${infer Path}`
    ? Path
    : never
  : never;
type Contract<Method extends ApiMethod, Path extends string> = ApiContract[`${Method} ${Path}` & ApiRoute];
/** What the route answers, as its schema reads it. */
type AnswerOf<Method extends ApiMethod, Path extends string> = z.output<Contract<Method, Path>['answer']>;
/** The query a GET route takes, as its schema accepts it; none for a route without one. */
export type QueryOf<Path extends string> =
  Contract<'GET', Path> extends { query: z.ZodType } ? z.input<Contract<'GET', Path>['query']> : never;
/** The body a POST route takes, as its schema accepts it. */
export type BodyOf<Path extends string> = z.input<Contract<'POST', Path>['body']>;

/** A fetch Response whose JSON body is the route's answer. */
export interface ApiResponse<Answer> extends Response {
  json: () => Promise<Answer>;
}

function send(
  apiBase: string,
  method: ApiMethod,
  pathAndSearch: string,
  body?: unknown,
  signal?: AbortSignal,
) {
  return fetch(`${apiBase.replace(/\/$/, '')}${pathAndSearch}`, {
    method,
    signal,
    credentials: 'include',
    headers:
      body === undefined
        ? { Accept: 'application/json' }
        : { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** GET `path` under `apiBase` (e.g. '/api/v1'); `search` is the query string with its '?', if any. */
export const sendGet = <Path extends PathOf<'GET'>>(
  apiBase: string,
  path: Path,
  search = '',
): Promise<ApiResponse<AnswerOf<'GET', Path>>> => send(apiBase, 'GET', `${path}${search}`);

/** POST `body` to `path` under `apiBase`; `signal` stops the request where it is. */
export const sendPost = <Path extends PathOf<'POST'>>(
  apiBase: string,
  path: Path,
  body: BodyOf<Path>,
  signal?: AbortSignal,
): Promise<ApiResponse<AnswerOf<'POST', Path>>> => send(apiBase, 'POST', path, body, signal);
