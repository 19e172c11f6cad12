/**
 * The static host for the built apps, used by `npm start`, the end-to-end tests and the benchmark,
 * and the reference for production hosting (docs/releasing.md, "Hosting"). Fastify with @fastify/static serves
 * the build's precompressed copies (scripts/build/precompress.ts) with cache headers that suit hashed
 * assets and federation manifests, CORS for remotes and a single-page-app fallback for the shell;
 * @fastify/http-proxy passes the API's answers through; HTTP/2 over TLS when given a certificate.
 */
import { stat } from 'node:fs/promises';
import { STATUS_CODES, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { constants as http2Constants, type Http2ServerRequest } from 'node:http2';
import type { AddressInfo, Socket } from 'node:net';
import { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { foreignHostRefusal, hostInUrl } from '@promo/server/dev-endpoints';
import type { Request, Response } from './host-types';

export interface StaticHostOptions {
  /** The folder to serve (an app's dist). */
  root: string;
  /** The port to listen on; 0 for one the system picks (the returned `url` names it). */
  port: number;
  host?: string;
  /** Serve index.html for unknown paths without a file extension (the shell). */
  spa?: boolean;
  /** Origins allowed to fetch these files cross-origin (a remote's manifest is fetched by the shell). */
  corsOrigins?: string[];
  /** Forward requests under `prefix` to `target` (the shell's origin proxies /api to the API). */
  proxy?: ApiProxyOptions;
  /**
   * Extra headers for HTML documents (the Content-Security-Policy), by request path and the file
   * served (its absolute path; the policy allows the file's inline styles by hash).
   */
  documentHeaders?: (pathname: string, file: string) => Record<string, string>;
  /** Dynamic answers, e.g. /registry.json; return true when handled. */
  handle?: (req: Request, res: Response) => boolean;
  /**
   * Pages another site may not open: a navigation to one from another site (Sec-Fetch-Site
   * cross-site or same-site) is sent to `/` instead. The shell's /logout signs out as it loads.
   */
  noCrossSiteEntry?: readonly string[];
  /**
   * A certificate and key (PEM): serve HTTPS with HTTP/2 (and HTTP/1.1 for clients without it),
   * as a production host would, every answer with STRICT_TRANSPORT_SECURITY. Without them, plain
   * HTTP/1.1.
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
  /**
   * Answer only requests addressed to this machine: Host must be localhost, 127.0.0.1, [::1] or one
   * of these names, on this host's port; anything else is a 421 before it reaches a file or the
   * API. `npm start` sets it while the API's dev endpoints are on (scripts/dev/start.ts): a page of
   * another site whose name is rebound to 127.0.0.1 must not read the demo mailbox through the proxy.
   */
  ownNames?: readonly string[];
}

interface ApiProxyOptions {
  prefix: string;
  target: string;
  /**
   * The largest request body passed on, in bytes (API_BODY_LIMIT unless given). A larger one is
   * answered 413 here, from its Content-Length or once that many bytes have come, and read no further.
   */
  bodyLimit?: number;
}

export interface StaticHost {
  url: string;
  close: () => Promise<void>;
}

/** The answer when the API cannot be reached; the shell shows `message` like any API error's. */
export const API_UNREACHABLE = { error: 'Bad Gateway', message: 'The API is not reachable.' } as const;

/** The answer when the API took its connection but not its answer in time. */
export const API_TIMED_OUT = {
  error: 'Gateway Timeout',
  message: 'The API did not answer in time.',
} as const;

/** The answer when the proxy itself failed to pass a request on, as the API words its own 500s. */
export const PROXY_FAILED = {
  error: 'Internal Server Error',
  message: 'Something went wrong on our side. Please try again.',
} as const;

/**
 * The reference API's own limit on a request body (its Fastify bodyLimit, server/src/app.ts): the
 * proxy's default, so a body the API would refuse is refused before it is read.
 */
export const API_BODY_LIMIT = 256 * 1024;

/** The proxy's answer to a body over its limit, in the API's error shape. */
export function bodyTooLarge(limit: number) {
  return {
    error: 'Payload Too Large',
    message: `Request body is too large: the API takes at most ${limit} bytes.`,
  } as const;
}

/**
 * Sent with every answer over TLS: browsers ask for this host over HTTPS only, for a year (the
 * length HSTS preload lists ask of a site), on every subdomain too. Every environment's shell and
 * CDN is under the live shell's domain (ENVIRONMENTS), all served over HTTPS, so including the
 * subdomains covers the ones a browser has not visited yet. Never over plain HTTP, where it would
 * be both meaningless (RFC 6797) and a lie about how the host is reached.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Hashed files never change; entry points and manifests must be revalidated on every load. */
export function cacheControlFor(path: string): string {
  if (/\/static\/.+\.[0-9a-f]{8,}\./.test(path)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** The siblings scripts/build/precompress.ts writes, by the encoding a request names. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The encodings whose precompressed copy of `file` must not be served: copies older than the file
 * (from an earlier build), and any copy of a file that is not there (a deployment that lacks it
 * must answer 404, not an orphaned `.br`).
 */
async function unservableEncodings(file: string): Promise<string[]> {
  let version: number;
  try {
    const info = await stat(file);
    if (!info.isFile()) return [];
    version = info.mtimeMs;
  } catch {
    return PRECOMPRESSED.map(({ encoding }) => encoding);
  }
  const stale = await Promise.all(
    PRECOMPRESSED.map(async ({ encoding, suffix }) => {
      try {
        return (await stat(file + suffix)).mtimeMs < version ? [encoding] : [];
      } catch {
        return [];
      }
    }),
  );
  return stale.flat();
}

/** `accept` without the named encodings, so a content negotiator cannot choose them. */
export function withoutEncodings(accept: string, encodings: readonly string[]): string {
  return accept
    .split(',')
    .filter((entry) => !encodings.includes(entry.split(';')[0]?.trim().toLowerCase() ?? ''))
    .join(',');
}

const ACCEPT_ENCODING = Symbol('accept-encoding as the client sent it');
type MarkedRequest = FastifyRequest & { [ACCEPT_ENCODING]?: string };

/**
 * The file a request for `pathname` is answered with: the file itself, a folder's index.html, or
 * with `spa` the shell's index.html for a missing path without an extension; undefined outside root.
 */
async function fileFor(root: string, pathname: string, spa: boolean): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  const candidate = normalize(join(root, decoded));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(candidate);
    return info.isDirectory() ? join(candidate, 'index.html') : candidate;
  } catch {
    return spa && extname(decoded) === '' ? join(root, 'index.html') : candidate;
  }
}

function pathnameOf(request: FastifyRequest): string {
  return new URL(request.url, 'http://host').pathname;
}

/**
 * Whether a path names something never served: a segment beginning with '.' (dotfiles, and the
 * folders a deploy copies into before renaming them into place, scripts/deploy/) or ending with
 * '.tmp' (a half-written copy). A killed deploy leaves these behind; they must stay unreachable.
 * Judged on the decoded path, so %2E cannot hide a dot; an undecodable path is hidden too.
 */
export function isHiddenPath(pathname: string): boolean {
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  return decoded.split(/[/\\]/).some((segment) => segment.startsWith('.') || segment.endsWith('.tmp'));
}

/** The length of a request body read in full, for the API's Content-Length. */
const BODY_LENGTH = Symbol('request body length');
type BufferedRequest = FastifyRequest & { [BODY_LENGTH]?: number };

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Request headers about the client's connection to this host, not about the request (RFC 9110,
 * 7.6.1): the API's connection is the proxy's own. Expect asks this host to agree to a body, and has
 * been answered here (answerExpectContinue); the API's client (undici) refuses a request carrying
 * Expect, Keep-Alive, Upgrade or Transfer-Encoding, which would otherwise turn a client's ordinary
 * request into a failure. @fastify/reply-from drops Connection and the headers it names itself.
 */
const HOP_BY_HOP = [
  'expect',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
];

/** The Content-Length a request declares, or undefined without a valid one. */
function declaredLength(headers: IncomingHttpHeaders): number | undefined {
  const value = headers['content-length'];
  return value !== undefined && /^\d+$/.test(value) ? Number(value) : undefined;
}

/**
 * How long a connection whose body was refused stays open after the 413, reading nothing more: time
 * for the client to read the answer. Closed at once, with the client still sending, the connection
 * is reset, and a client that has not read the 413 by then loses it to a network error (curl
 * streaming an upload past the limit did, about one time in ten).
 */
const REFUSED_BODY_GRACE_MS = 2000;

/**
 * Answers `status` with `body` (JSON) and reads no more of the request's body. Over HTTP/1.1 the
 * answer says Connection: close; once it is sent the connection stops reading, half-closes, and
 * closes after REFUSED_BODY_GRACE_MS (kept open, it would have to read the rest of the body, however
 * large, before the next request). Over HTTP/2 the stream is closed with NO_ERROR after the answer,
 * which asks the client to stop sending (RFC 9113, 8.1), and the connection serves on.
 */
function refuseUnread(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  body: { error: string; message: string },
) {
  if (request.raw.httpVersionMajor < 2) {
    void reply.header('Connection', 'close');
    const socket = request.raw.socket;
    // A paused connection is not read (Node's HTTP parser stops with it). Node resumes it to
    // discard the rest of a request it has answered; it is paused again each time.
    const stayPaused = () => socket.pause();
    stayPaused();
    socket.on('resume', stayPaused);
    // Node calls destroySoon once an answer that says Connection: close is sent; in place of
    // closing at once, half-close and let the client read the answer first.
    socket.destroySoon = () => {
      socket.end();
      const timer = setTimeout(() => socket.destroy(), REFUSED_BODY_GRACE_MS).unref();
      socket.once('close', () => clearTimeout(timer));
    };
  } else {
    void reply.removeHeader('Connection');
    const { stream } = request.raw as unknown as Http2ServerRequest;
    stream.once('finish', () => stream.close(http2Constants.NGHTTP2_NO_ERROR));
  }
  return reply.code(status).type(JSON_TYPE).send(body);
}

/** Answers 413 for a body past `limit` and reads no more of it (refuseUnread). */
function refuseBody(request: FastifyRequest, reply: FastifyReply, limit: number) {
  return refuseUnread(request, reply, 413, bodyTooLarge(limit));
}

/** Codes of a connection to the API that failed (Node's, undici's and @fastify/reply-from's). */
const CONNECTION_FAILURES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
  'FST_REPLY_FROM_BAD_GATEWAY',
]);

interface ErrorLike {
  code?: unknown;
  statusCode?: unknown;
  cause?: unknown;
  errors?: unknown;
}

/** An error's code and its causes' (an AggregateError's too, as a failed connect gives one). */
function errorCodes(error: unknown, depth = 0): unknown[] {
  if (typeof error !== 'object' || error === null || depth > 3) return [];
  const { code, cause, errors } = error as ErrorLike;
  const nested: unknown[] = Array.isArray(errors) ? errors : [];
  return [code, ...[cause, ...nested].flatMap((inner) => errorCodes(inner, depth + 1))];
}

/**
 * The answer to a request @fastify/reply-from could not complete: 502 only when the API could not
 * be reached, 504 when it took the request but did not answer in time, and otherwise 500: a request
 * the proxy failed to pass on is the proxy's failure, never blamed on the network.
 */
export function upstreamFailure(error: unknown): {
  status: number;
  body: { error: string; message: string };
} {
  if (errorCodes(error).some((code) => CONNECTION_FAILURES.has(String(code)))) {
    return { status: 502, body: API_UNREACHABLE };
  }
  if ((error as ErrorLike | undefined)?.statusCode === 504) return { status: 504, body: API_TIMED_OUT };
  return { status: 500, body: PROXY_FAILED };
}

/** Whether `url` is one the proxy under `prefix` (without its trailing slash) answers. */
function isProxied(url: string | undefined, prefix: string): boolean {
  const pathname = (url ?? '/').split('?')[0] ?? '/';
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Node answers `Expect: 100-continue` with 100 Continue by itself, unless a checkContinue
 * listener decides. Here a body the proxy would refuse by its Content-Length is refused before the
 * client sends it: no 100, just the 413 (which closes the connection, so no body is expected after
 * it). Every other request is told to go on, and handled as usual.
 */
function answerExpectContinue(app: FastifyInstance, refuses: (request: IncomingMessage) => boolean) {
  const { server } = app;
  server.on('checkContinue', (request: IncomingMessage, response: ServerResponse) => {
    if (!refuses(request)) response.writeContinue();
    server.emit('request', request, response);
  });
}

/**
 * The API behind `prefix`, passed through untouched: every status, header and body it answers,
 * the answer streamed to the browser as it arrives.
 *
 * A request body goes no further than the proxy's limit (the API's own unless told): past it the
 * proxy answers 413 itself, from the Content-Length before any of the body is read, or once that
 * many bytes of a body sent without one have come, and reads no more. Within the limit the body is
 * read in full before the API is asked (as nginx's proxy_request_buffering does), which holds at
 * most `limit` bytes per request. Streamed instead, a body would lose the API's own early answers:
 * a route with a smaller limit than the proxy's (the API's telemetry) refuses a body by its
 * Content-Length and closes the connection without reading it, and a proxy still streaming the
 * body then fails its write and loses that answer. Sent in one piece, the body is on its way
 * before the answer comes back, so the 413 is read and passed on.
 */
async function registerApiProxy(app: FastifyInstance, proxy: ApiProxyOptions, tls: boolean) {
  const prefix = proxy.prefix.replace(/\/$/, '');
  const limit = proxy.bodyLimit ?? API_BODY_LIMIT;
  // Before any of the body is read (and before Fastify looks for a parser): a Content-Length past
  // the limit is refused whatever the method.
  app.addHook('onRequest', async (request, reply) => {
    const length = declaredLength(request.headers);
    if (length !== undefined && length > limit) return refuseBody(request, reply, limit);
  });
  // One reader for every content type, and bodies without one: Fastify's own JSON and text parsers
  // would parse what only the API should judge. The body goes on as a stream of its bytes: given a
  // parsed or Buffer body, @fastify/reply-from would re-encode a JSON one. Past `limit` bytes
  // Fastify stops reading and fails with FST_ERR_CTP_BODY_TOO_LARGE, answered below.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: limit }, (request, body, done) => {
    const bytes = body as Buffer;
    (request as BufferedRequest)[BODY_LENGTH] = bytes.length;
    done(null, Readable.from([bytes]));
  });
  // The proxy's own refusals (a body too large, shorter than its Content-Length, or with a
  // malformed Content-Type) in the API's error shape.
  app.setErrorHandler((error: ErrorLike & Error, request, reply) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return refuseBody(request, reply, limit);
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 400 || status >= 500) return reply.code(500).type(JSON_TYPE).send(PROXY_FAILED);
    return reply
      .code(status)
      .type(JSON_TYPE)
      .send({ error: STATUS_CODES[status] ?? 'Bad Request', message: error.message });
  });
  await app.register(httpProxy, {
    upstream: proxy.target,
    prefix,
    rewritePrefix: prefix,
    proxyPayloads: false,
    internalRewriteLocationHeader: false,
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const forwarded = { ...headers };
        for (const name of HOP_BY_HOP) delete forwarded[name];
        // The body is sent whole, so its length is known even when the client streamed it; a body
        // that was not read (a GET's, which Fastify ignores) is not sent, nor its length.
        const length = (request as BufferedRequest)[BODY_LENGTH];
        if (length === undefined) delete forwarded['content-length'];
        else forwarded['content-length'] = String(length);
        return {
          ...forwarded,
          // This host is the edge: the address a client claims in X-Forwarded-For is replaced by
          // the one it connects from, which the API's per-client limits may trust.
          'x-forwarded-for': request.ip,
          'x-forwarded-proto': tls ? 'https' : 'http',
          // The Host the client named here, so the API can check it too (its dev endpoints answer
          // only this machine's names, server/src/http/dev-endpoints.ts).
          'x-forwarded-host': request.host,
        };
      },
      // The browser, not the proxy, decides whether to ask again (@fastify/reply-from would retry
      // a GET answered 503 by itself).
      retryDelay: () => null,
      onError: (reply, { error }) => {
        const { status, body } = upstreamFailure(error);
        void reply.code(status).type(JSON_TYPE).send(body);
      },
    },
  });
  answerExpectContinue(app, (request) => {
    const length = declaredLength(request.headers);
    return isProxied(request.url, prefix) && length !== undefined && length > limit;
  });
}

function notFound(reply: FastifyReply) {
  return reply
    .code(404)
    .header('Cache-Control', 'no-cache')
    .type('text/plain; charset=utf-8')
    .send('Not found');
}

/** A page opened by a link, form or script of another site (or a sibling subdomain). */
function isCrossSiteNavigation(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  return request.headers['sec-fetch-mode'] === 'navigate' && (site === 'cross-site' || site === 'same-site');
}

async function registerFiles(app: FastifyInstance, options: StaticHostOptions, root: string) {
  app.addHook('onRequest', async (request, reply) => {
    if (isHiddenPath(request.url.split('?')[0] ?? '/')) return notFound(reply);
    if (options.corsOrigins) {
      // Every answer varies by Origin, also one to a request without it: the browser must not
      // reuse a script tag's copy (no Access-Control-Allow-Origin) for the worker's CORS fetch.
      void reply.header('Vary', 'Origin');
      const origin = request.headers.origin;
      if (origin && options.corsOrigins.includes(origin)) {
        void reply.header('Access-Control-Allow-Origin', origin);
      }
    }
    if (request.method === 'OPTIONS') {
      return reply
        .code(204)
        .header('Access-Control-Allow-Methods', 'GET, HEAD')
        .header('Access-Control-Max-Age', '600')
        .send();
    }
    // Files and the registry are only read: a write is refused before the handler sees it, and
    // its body, however large, is not read.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      void reply.header('Allow', 'GET, HEAD');
      return refuseUnread(request, reply, 405, {
        error: 'Method Not Allowed',
        message: `${request.method} is not allowed here: these files are only read (GET, HEAD).`,
      });
    }
    if (options.handle) {
      // The handler writes to Node's response itself; it carries the headers set so far.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      if (options.handle(request.raw, reply.raw)) return reply.hijack();
    }
    if (options.noCrossSiteEntry?.includes(pathnameOf(request)) && isCrossSiteNavigation(request)) {
      return reply.code(303).header('Location', '/').header('Cache-Control', 'no-store').send();
    }
    // @fastify/static serves `name.br` for `name` without looking at `name`: hide the encodings
    // of copies that must not be served from its choice, so the file itself is (compressed below),
    // or nothing is.
    const file = await fileFor(root, pathnameOf(request), options.spa ?? false);
    const hidden = file ? await unservableEncodings(file) : [];
    if (hidden.length > 0) {
      const accept = request.headers['accept-encoding'];
      (request as MarkedRequest)[ACCEPT_ENCODING] = accept;
      request.headers['accept-encoding'] = withoutEncodings(accept ?? '', hidden);
    }
  });
  app.addHook('onSend', async (request, reply) => {
    // Put back what the client accepts before @fastify/compress (registered next, so its hook runs
    // after this one) picks an encoding for a file that has no current precompressed copy.
    const marked = request as MarkedRequest;
    if (ACCEPT_ENCODING in marked) request.headers['accept-encoding'] = marked[ACCEPT_ENCODING];
    // JavaScript's registered type (RFC 9239); @fastify/send still names the older alias.
    if (String(reply.getHeader('content-type')).startsWith('application/javascript')) {
      void reply.type('text/javascript; charset=utf-8');
    }
  });

  // Files without a current precompressed copy (the service worker, written after the build
  // compresses its output) are compressed as they are sent.
  // At the precompressed copies' brotli quality; gzip at zlib's best.
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } },
    zlibOptions: { level: 9 },
  });
  await app.register(fastifyStatic, {
    root,
    preCompressed: true,
    // Cache-Control is decided per file below.
    cacheControl: false,
    setHeaders: (reply: FastifyReply, path: string) => {
      // The file itself, whichever precompressed copy of it is sent.
      const file = path.replace(/\.(br|gz)$/, '');
      const served = `/${relative(root, file).split(sep).join('/')}`;
      void reply.header('Cache-Control', cacheControlFor(served)).header('X-Content-Type-Options', 'nosniff');
      if (extname(served) === '.html' && options.documentHeaders) {
        void reply.headers(options.documentHeaders(pathnameOf(reply.request), file));
      }
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (options.spa && extname(pathnameOf(request)) === '') return reply.sendFile('index.html');
    return notFound(reply);
  });
}

export async function startStaticHost(options: StaticHostOptions): Promise<StaticHost> {
  const root = resolve(options.root);
  const host = options.host ?? 'localhost';
  const settings = { logger: false, forceCloseConnections: true } as const;
  // One instance type for both protocols: beyond how a refused body's connection ends (refuseBody),
  // the hooks and routes below use nothing protocol-specific.
  const app = (options.tls
    ? Fastify({ ...settings, http2: true, https: { ...options.tls, allowHTTP1: true } })
    : Fastify(settings)) as unknown as FastifyInstance;

  if (options.tls) {
    // Before the scopes below, so every answer has it: files, the API's, refusals and 404s.
    app.addHook('onRequest', async (_request, reply) => {
      void reply.header('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    });
  }

  // The port it listens on: `options.port`, or the one the system picked for port 0 (set below).
  const ownPorts = [options.port];
  const { ownNames } = options;
  if (ownNames) {
    const own = { names: ownNames, ports: ownPorts };
    app.addHook('onRequest', async (request, reply) => {
      const refusal = foreignHostRefusal(request.host, own, options.tls ? 443 : 80);
      if (refusal)
        return refuseUnread(request, reply, 421, { error: 'Misdirected Request', message: refusal });
    });
  }

  // Each part in its own scope: the proxy's pass-through body parser and the files' hooks and
  // compression stay out of each other's way.
  const { proxy } = options;
  if (proxy) await app.register((scope) => registerApiProxy(scope, proxy, options.tls !== undefined));
  await app.register((scope) => registerFiles(scope, options, root));

  // Fastify's forceCloseConnections reaches only plain HTTP/1.1 servers: over TLS (HTTP/2 with
  // HTTP/1.1 beside it) an idle keep-alive connection would hold close() open until it times out,
  // so the host keeps its connections and ends them itself when it stops.
  const connections = new Set<Socket>();
  if (options.tls) {
    app.server.on('secureConnection', (socket: Socket) => {
      connections.add(socket);
      socket.once('close', () => connections.delete(socket));
    });
  }
  await app.listen({ port: options.port, host });
  // Port 0 asks the system for a free one, taken as the host binds it: a test's hosts side by side
  // cannot be handed the same port, as a port looked up first and bound later can be.
  const { port } = app.server.address() as AddressInfo;
  ownPorts[0] = port;
  return {
    url: `${options.tls ? 'https' : 'http'}://${hostInUrl(host)}:${port}`,
    close: () => {
      const closed = app.close();
      for (const socket of connections) socket.destroy();
      return closed;
    },
  };
}
