/**
 * The static host for the built apps, used by `npm start`, the end-to-end tests and the benchmark,
 * and the reference for production hosting (README "Hosting"). Fastify with @fastify/static serves
 * the build's precompressed copies (scripts/precompress.ts) with cache headers that suit hashed
 * assets and federation manifests, CORS for remotes and a single-page-app fallback for the shell;
 * @fastify/http-proxy passes the API's answers through; HTTP/2 over TLS when given a certificate.
 */
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { constants } from 'node:zlib';
import { extname, join, normalize, relative, resolve, sep } from 'node:path';
import compress from '@fastify/compress';
import httpProxy from '@fastify/http-proxy';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Request, Response } from './deploy/host-types';

export interface StaticHostOptions {
  /** The folder to serve (an app's dist). */
  root: string;
  port: number;
  host?: string;
  /** Serve index.html for unknown paths without a file extension (the shell). */
  spa?: boolean;
  /** Origins allowed to fetch these files cross-origin (a remote's manifest is fetched by the shell). */
  corsOrigins?: string[];
  /** Forward requests under `prefix` to `target` (the shell's origin proxies /api to the API). */
  proxy?: { prefix: string; target: string };
  /** Extra headers for HTML documents (the Content-Security-Policy), by request path. */
  documentHeaders?: (pathname: string) => Record<string, string>;
  /** Dynamic answers, e.g. /registry.json; return true when handled. */
  handle?: (req: Request, res: Response) => boolean;
  /**
   * A certificate and key (PEM): serve HTTPS with HTTP/2 (and HTTP/1.1 for clients without it),
   * as a production host would. Without them, plain HTTP/1.1.
   */
  tls?: { cert: string | Buffer; key: string | Buffer };
}

export interface StaticHost {
  url: string;
  close: () => Promise<void>;
}

/** The answer when the API cannot be reached; the shell shows `message` like any API error's. */
export const API_UNREACHABLE = { error: 'Bad Gateway', message: 'The API is not reachable.' } as const;

/** Hashed files never change; entry points and manifests must be revalidated on every load. */
export function cacheControlFor(path: string): string {
  if (/\/static\/.+\.[0-9a-f]{8,}\./.test(path)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** The siblings scripts/precompress.ts writes, by the encoding a request names. */
const PRECOMPRESSED = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

/**
 * The encodings whose precompressed copy of `file` must not be served: copies older than the file
 * (from an earlier build), and any copy of a file that is not there (a deployment that lacks it
 * must answer 404, not an orphaned `.br`).
 */
export async function unservableEncodings(file: string): Promise<string[]> {
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

/** The length of a request body read in full, for the API's Content-Length. */
const BODY_LENGTH = Symbol('request body length');
type BufferedRequest = FastifyRequest & { [BODY_LENGTH]?: number };

/**
 * The API behind `prefix`, passed through untouched: every status, header and body it answers,
 * the answer streamed to the browser as it arrives.
 *
 * A request body is read in full before the API is asked (as nginx's proxy_request_buffering does),
 * with no limit of its own here: the API decides what is too large. An API that refuses a body
 * from its Content-Length alone answers 413 and closes the connection without reading the rest;
 * a proxy still streaming the body then fails its write and loses that answer. Sent in one piece,
 * the body is on its way before the answer comes back, so the 413 is read and passed on.
 */
async function registerApiProxy(
  app: FastifyInstance,
  proxy: { prefix: string; target: string },
  tls: boolean,
) {
  const prefix = proxy.prefix.replace(/\/$/, '');
  // One reader for every content type, and bodies without one: Fastify's own JSON and text parsers
  // would parse (and limit) what only the API should judge. The body goes on as a stream of its
  // bytes: given a parsed or Buffer body, @fastify/reply-from would re-encode a JSON one.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer', bodyLimit: Number.MAX_SAFE_INTEGER },
    (request, body, done) => {
      const bytes = body as Buffer;
      (request as BufferedRequest)[BODY_LENGTH] = bytes.length;
      done(null, Readable.from([bytes]));
    },
  );
  await app.register(httpProxy, {
    upstream: proxy.target,
    prefix,
    rewritePrefix: prefix,
    proxyPayloads: false,
    internalRewriteLocationHeader: false,
    replyOptions: {
      rewriteRequestHeaders: (request, headers) => {
        const length = (request as BufferedRequest)[BODY_LENGTH];
        const forwarded = { ...headers };
        if (length !== undefined) {
          // The body is sent whole, so its length is known even when the client streamed it.
          delete forwarded['transfer-encoding'];
          forwarded['content-length'] = String(length);
        }
        return {
          ...forwarded,
          // This host is the edge: the address a client claims in X-Forwarded-For is replaced by
          // the one it connects from, which the API's per-client limits may trust.
          'x-forwarded-for': request.ip,
          'x-forwarded-proto': tls ? 'https' : 'http',
        };
      },
      // The browser, not the proxy, decides whether to ask again (@fastify/reply-from would retry
      // a GET answered 503 by itself).
      retryDelay: () => null,
      onError: (reply) => {
        void reply.code(502).type('application/json; charset=utf-8').send(API_UNREACHABLE);
      },
    },
  });
}

async function registerFiles(app: FastifyInstance, options: StaticHostOptions, root: string) {
  app.addHook('onRequest', async (request, reply) => {
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
    if (options.handle) {
      // The handler writes to Node's response itself; it carries the headers set so far.
      for (const [name, value] of Object.entries(reply.getHeaders())) {
        if (value !== undefined) reply.raw.setHeader(name, value);
      }
      if (options.handle(request.raw, reply.raw)) return reply.hijack();
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
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
      const served = `/${relative(root, path).split(sep).join('/')}`.replace(/\.(br|gz)$/, '');
      void reply.header('Cache-Control', cacheControlFor(served)).header('X-Content-Type-Options', 'nosniff');
      if (extname(served) === '.html' && options.documentHeaders) {
        void reply.headers(options.documentHeaders(pathnameOf(reply.request)));
      }
    },
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.code(405).header('Allow', 'GET, HEAD').send();
    }
    if (options.spa && extname(pathnameOf(request)) === '') return reply.sendFile('index.html');
    return reply
      .code(404)
      .header('Cache-Control', 'no-cache')
      .type('text/plain; charset=utf-8')
      .send('Not found');
  });
}

export async function startStaticHost(options: StaticHostOptions): Promise<StaticHost> {
  const root = resolve(options.root);
  const host = options.host ?? 'localhost';
  const settings = { logger: false, forceCloseConnections: true } as const;
  // One instance type for both protocols: the hooks and routes below use nothing protocol-specific.
  const app = (options.tls
    ? Fastify({ ...settings, http2: true, https: { ...options.tls, allowHTTP1: true } })
    : Fastify(settings)) as unknown as FastifyInstance;

  // Each part in its own scope: the proxy's pass-through body parser and the files' hooks and
  // compression stay out of each other's way.
  const { proxy } = options;
  if (proxy) await app.register((scope) => registerApiProxy(scope, proxy, options.tls !== undefined));
  await app.register((scope) => registerFiles(scope, options, root));

  await app.listen({ port: options.port, host });
  return {
    url: `${options.tls ? 'https' : 'http'}://${host}:${options.port}`,
    close: () => app.close(),
  };
}
