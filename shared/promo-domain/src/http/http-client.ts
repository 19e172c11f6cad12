/**
 * The one HTTP client for /api/v1 (server/README.md): JSON in and out, the body unwrapped,
 * failures thrown as ApiError carrying the status and the server's text.
 *
 * The shell configures it once at start (base URL from the environment's runtime config and the
 * 401 handler); remotes share this module as a Module Federation singleton, so they see the same
 * configuration without knowing where the API lives.
 *
 * Inside promo-domain, every module imports this one as '@promo/domain/http/http-client', never by a relative
 * path: each export subpath is a shared module, and a relative import would bundle a second,
 * unconfigured copy of this module into whichever remote provides the importing module.
 */
import { taskOfItsOwn } from './task-of-its-own';
import { sendGet, sendPost, type ApiResponse, type BodyOf, type PathOf, type QueryOf } from './api-request';

/**
 * What a person reads when a request was too large to accept (413). The API's own reason names a
 * limit in bytes, and a proxy on the way may answer with a page of its own; neither says what to do.
 */
export const TOO_LARGE_MESSAGE = 'That is too much to send at once. Shorten it and try again.';

export class ApiError extends Error {
  readonly status: number;
  /** The server's human-readable reason, when it sent one; for 413, TOO_LARGE_MESSAGE. */
  readonly serverMessage: string | undefined;

  constructor(status: number, serverMessage: string | undefined) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** True for a failure caused by the network rather than by the server's answer. */
export class NetworkError extends Error {
  constructor(cause: unknown) {
    super('The network is unavailable.', { cause });
    this.name = 'NetworkError';
  }
}

export interface HttpConfig {
  /** e.g. '/api/v1' or 'https://api.example.co.nz/api/v1' */
  baseUrl: string;
  /** Called once per 401 answer; the shell sends the browser to /logout. */
  onUnauthorized: () => void;
}

const config: HttpConfig = { baseUrl: '/api/v1', onUnauthorized: () => undefined };

export function configureHttp(next: Partial<HttpConfig>): void {
  Object.assign(config, next);
}

export function apiUrl(path: string): string {
  return `${config.baseUrl.replace(/\/$/, '')}${path}`;
}

type Query = Record<string, string | number | readonly string[] | undefined>;

/** A GET route's query argument: required where the route's contract has a query, absent otherwise. */
type GetArguments<Path extends string> = [QueryOf<Path>] extends [never] ? [] : [query: QueryOf<Path>];

/** The query string, with its '?', or '' for none. */
function searchOf(query?: Query): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const search = params.toString();
  return search ? `?${search}` : '';
}

async function readMessage(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' && body.message !== '' ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Sends the request in a task of its own, then reads the answer's body, or the failure as ApiError /
 * NetworkError (a 401 also tells onUnauthorized). A call to fetch() costs 3-11 ms on a slow phone,
 * and the queries a page mounts start together in the commit's effects: the rep dashboard's four
 * cards sent theirs in one task that, with the commit, blocked the main thread for over 100 ms.
 */
async function answerOf<Answer>(send: () => Promise<ApiResponse<Answer>>): Promise<Answer> {
  let response: ApiResponse<Answer>;
  await taskOfItsOwn();
  try {
    response = await send();
  } catch (error) {
    throw new NetworkError(error);
  }
  if (response.status === 401) config.onUnauthorized();
  if (response.status === 413) throw new ApiError(413, TOO_LARGE_MESSAGE);
  if (!response.ok) throw new ApiError(response.status, await readMessage(response));
  if (response.status === 204) return undefined as Answer;
  return response.json();
}

export const http = {
  get: <Path extends PathOf<'GET'>>(path: Path, ...query: GetArguments<Path>) =>
    answerOf(() => sendGet(config.baseUrl, path, searchOf(query[0] as Query | undefined))),
  post: <Path extends PathOf<'POST'>>(path: Path, body: BodyOf<Path>, signal?: AbortSignal) =>
    answerOf(() => sendPost(config.baseUrl, path, body, signal)),
};

/** The text to show for a failed call: the server's reason, else the screen's default (docs/product-rules.md, 'Messages from the server'). */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
