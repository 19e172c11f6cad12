import { API_CONTRACT } from '@promo/domain/api/api-contract';
import { configureHttp } from '@promo/domain/http/http-client';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** One request the page sent to /api/v1, as a test reads it back. */
export interface ApiCall {
  method: string;
  /** Path under /api/v1, e.g. '/account/get'. */
  path: string;
  query: URLSearchParams;
  /** The JSON body sent, if any. */
  body: unknown;
}

/**
 * What a handler answers: a JSON body, or a whole Response for anything else (`apiError(...)`,
 * msw's `HttpResponse.error()` for a connection that drops, a `delay()` first, ...).
 */
export type ApiAnswer = object | string | number | boolean | null;
export type ApiHandler = ApiAnswer | ((call: ApiCall) => unknown);
/** 'METHOD /path', the path under /api/v1 as the http client (@promo/domain/http/http-client) calls it. */
export type ApiRoute = `${'GET' | 'POST'} /${string}`;

// The http client's base is '/api/v1' on whatever origin the page runs (happy-dom's in tests).
const API = '*/api/v1';

/**
 * Images come from /api/v1/file/image/*; happy-dom fetches some itself (a preload link). They are
 * no call a page makes through the http client, so every test gets them without asking and they
 * are not recorded.
 */
const images = http.get(`${API}/file/image/*`, () =>
  HttpResponse.text('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>', {
    headers: { 'Content-Type': 'image/svg+xml' },
  }),
);

/** The fake /api/v1 of every component test; vitest.setup.ts starts, resets and closes it. */
export const apiServer = setupServer(images);

const calls: ApiCall[] = [];
const unhandled: string[] = [];
const offContract: string[] = [];

interface AnswerCheck {
  safeParse: (value: unknown) => {
    success: boolean;
    error?: { issues: { path: PropertyKey[]; message: string }[] };
  };
}
const answerSchemas: Readonly<Record<string, { answer: AnswerCheck } | undefined>> = API_CONTRACT;

/**
 * A JSON answer must be one the real server could send: it is checked against the route's answer
 * schema (@promo/domain/api/api-contract.ts), so a fixture cannot drift from the contract. An answer
 * that is meant to be broken (a crash test) is sent as a whole Response, which is not checked.
 */
function checkAgainstContract(route: string, answer: unknown): void {
  const result = answerSchemas[route]?.answer.safeParse(answer);
  if (!result || result.success) return;
  const issue = result.error?.issues[0];
  offContract.push(
    `${route}: ${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
  );
}

/** For the setup file: a request no handler answers is a test failure, not a quiet 404. */
export function listenForApiCalls(): void {
  apiServer.listen({
    onUnhandledRequest: (request, print) => {
      unhandled.push(`${request.method} ${request.url}`);
      print.error();
    },
  });
}

/** For the setup file, after each test: forgets the handlers and calls, and fails on a request none answered. */
export function resetApi(): void {
  apiServer.resetHandlers();
  calls.length = 0;
  const missed = [...new Set(unhandled.splice(0))];
  if (missed.length > 0)
    throw new Error(`The page called the API without a handler for it (mockApi): ${missed.join(', ')}`);
  const strayed = [...new Set(offContract.splice(0))];
  if (strayed.length > 0)
    throw new Error(
      `A mockApi answer is off the /api/v1 contract (send a Response if on purpose): ${strayed.join('; ')}`,
    );
}

/**
 * For a test file that runs in Node rather than the ui project's DOM (the domain's fetchers and the
 * session store): the same fake API for this file's tests. Node's fetch needs an absolute URL, so
 * the http client is pointed at one; mockApi's paths are the same either way.
 */
export function fakeApiInNode(): void {
  beforeAll(() => {
    configureHttp({ baseUrl: 'http://api.test/api/v1' });
    listenForApiCalls();
  });
  afterEach(resetApi);
  afterAll(() => apiServer.close());
}

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** A failed call as the server sends it: the status, its reason and the message the user reads. */
export const apiError = (status: number, message: string) =>
  HttpResponse.json({ error: REASONS[status] ?? 'Error', message }, { status });

async function readCall(request: Request, path: string): Promise<ApiCall> {
  const url = new URL(request.url);
  const text = await request.clone().text();
  return {
    method: request.method,
    path,
    query: url.searchParams,
    body: text === '' ? undefined : (JSON.parse(text) as unknown),
  };
}

/**
 * Answers `METHOD /path` under /api/v1 for the rest of the test, each with a JSON body or a
 * function of the call; declared later, a route replaces what an earlier call declared. Every
 * answered call is recorded, in order, from the start of the test.
 */
export function mockApi(handlers: Partial<Record<ApiRoute, ApiHandler>>) {
  apiServer.use(
    ...Object.entries(handlers).map(([route, handler]) => {
      const [method = '', path = ''] = route.split(' ');
      const on = method === 'POST' ? http.post : http.get;
      return on(`${API}${path}`, async ({ request }) => {
        const call = await readCall(request, path);
        calls.push(call);
        const answer: unknown =
          typeof handler === 'function' ? await (handler as (call: ApiCall) => unknown)(call) : handler;
        if (answer instanceof Response) return answer;
        const body = answer === undefined ? {} : answer;
        checkAgainstContract(route, body);
        return HttpResponse.json(body);
      });
    }),
  );
  return apiCalls;
}

/**
 * Answers GET `url` outside /api/v1 (the CDN's registry.json, say) for the rest of the test, with
 * a JSON body or a whole Response; returns the requests it answered, for their URL and options.
 */
export function mockUrl(url: string, answer: ApiAnswer | Response): Request[] {
  const requests: Request[] = [];
  apiServer.use(
    http.get(url, ({ request }) => {
      requests.push(request);
      return answer instanceof Response ? answer.clone() : HttpResponse.json(answer);
    }),
  );
  return requests;
}

/** What the page sent to /api/v1 in this test, whichever mockApi answered it. */
export const apiCalls = {
  calls: calls as readonly ApiCall[],
  callsTo: (method: string, path: string) =>
    calls.filter((call) => call.method === method && call.path === path),
  /** The bodies sent to 'METHOD /path', in order. */
  bodies: <T = unknown>(route: ApiRoute) =>
    calls.filter((call) => `${call.method} ${call.path}` === route).map((call) => call.body as T),
};
