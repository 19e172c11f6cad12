/**
 * A small static host for the built apps, used by `npm start`, the end-to-end tests and the
 * benchmark, and the reference for production hosting (README "Hosting"): compression, cache
 * headers that suit hashed assets and federation manifests, CORS for remotes, an API proxy, a
 * single-page-app fallback for the shell, and HTTP/2 over TLS when given a certificate.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import http2, { type Http2ServerRequest, type Http2ServerResponse, type Http2Session } from 'node:http2';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.svg',
  '.txt',
  '.map',
]);

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

/** A request and its response over either protocol (Node's HTTP/2 compatibility API). */
export type Request = IncomingMessage | Http2ServerRequest;
export type Response = ServerResponse | Http2ServerResponse;

/** Headers that belong to one HTTP/1.1 connection; HTTP/2 forbids them in a response. */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
]);

export interface StaticHost {
  url: string;
  close: () => Promise<void>;
}

/** Hashed files never change; entry points and manifests must be revalidated on every load. */
export function cacheControlFor(path: string): string {
  if (/\/static\/.+\.[0-9a-f]{8,}\./.test(path)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** A validator for a file version: its size and modification time (weak: encodings differ in bytes). */
export function entityTag(size: number, mtimeMs: number): string {
  return `W/"${size.toString(16)}-${Math.floor(mtimeMs).toString(16)}"`;
}

/** If-None-Match names this version (or any, `*`): the browser's copy is current. */
export function isNotModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const strip = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || strip(tag) === strip(etag));
}

const compressed = new Map<string, { body: Buffer; encoding: string }>();

/** The encoding to answer with: brotli, else gzip, else none. */
export function chooseEncoding(accept: string): 'br' | 'gzip' | undefined {
  return /\bbr\b/.test(accept) ? 'br' : /\bgzip\b/.test(accept) ? 'gzip' : undefined;
}

/** The build's precompressed copy (scripts/precompress.ts), if there is one at least as new as the file. */
async function precompressed(file: string, encoding: 'br' | 'gzip', version: number) {
  const sibling = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
  try {
    const info = await stat(sibling);
    return info.isFile() && info.mtimeMs >= version ? await readFile(sibling) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The body to send: the build's precompressed copy when there is a current one, otherwise compressed
 * here once per file version (the key carries the modification time, so a rebuild is served at once).
 */
async function compress(
  file: string,
  version: number,
  accept: string,
): Promise<{ body: Buffer; encoding?: string }> {
  const encoding = chooseEncoding(accept);
  const key = `${encoding}:${version}:${file}`;
  let hit = compressed.get(key);
  if (!hit) {
    const body = await readFile(file);
    if (!encoding) return { body };
    const out =
      (await precompressed(file, encoding, version)) ??
      (encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
        : gzipSync(body, { level: 9 }));
    hit = { body: out, encoding };
    compressed.set(key, hit);
  }
  return hit;
}

function forward(req: Request, res: Response, target: string): void {
  const url = new URL(req.url ?? '/', target);
  // HTTP/2 pseudo-headers (:method, :path, ...) are not headers to pass on.
  const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(':')));
  const upstream = http.request(
    url,
    { method: req.method, headers: { ...headers, host: url.host } },
    (answer) => {
      const passed = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => !CONNECTION_HEADERS.has(name)),
      );
      res.writeHead(answer.statusCode ?? 502, passed);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ error: 'Bad Gateway', message: 'The API is not reachable.' }));
  });
  req.pipe(upstream);
}

async function fileFor(root: string, pathname: string, spa: boolean): Promise<string | undefined> {
  const candidate = normalize(join(root, decodeURIComponent(pathname)));
  if (candidate !== root && !candidate.startsWith(root + sep)) return undefined;
  try {
    const info = await stat(candidate);
    if (info.isFile()) return candidate;
    if (info.isDirectory()) return fileFor(root, join(pathname, 'index.html'), false);
  } catch {
    // not found: fall through to the SPA fallback
  }
  if (spa && extname(pathname) === '') return join(root, 'index.html');
  return undefined;
}

export function startStaticHost(options: StaticHostOptions): Promise<StaticHost> {
  const root = resolve(options.root);
  const host = options.host ?? 'localhost';
  const serve = (req: Request, res: Response) => {
    void (async () => {
      const pathname = new URL(req.url ?? '/', 'http://x').pathname;
      const origin = req.headers.origin;
      if (origin && options.corsOrigins?.includes(origin)) {
        res.setHeader('Access-Control-Allow-Origin', origin);
        res.setHeader('Vary', 'Origin, Accept-Encoding');
      }
      if (req.method === 'OPTIONS') {
        res
          .writeHead(204, { 'Access-Control-Allow-Methods': 'GET, HEAD', 'Access-Control-Max-Age': '600' })
          .end();
        return;
      }
      if (options.proxy && pathname.startsWith(options.proxy.prefix))
        return forward(req, res, options.proxy.target);
      if (options.handle?.(req, res)) return;
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405, { Allow: 'GET, HEAD' }).end();
        return;
      }
      const file = await fileFor(root, pathname, options.spa ?? false);
      if (!file) {
        res
          .writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
          .end('Not found');
        return;
      }
      const ext = extname(file);
      const headers: Record<string, string> = {
        'Content-Type': MIME[ext] ?? 'application/octet-stream',
        'Cache-Control': cacheControlFor(file.slice(root.length).split(sep).join('/')),
        'X-Content-Type-Options': 'nosniff',
      };
      const info = await stat(file);
      // Revalidation: no-cache files (entries, manifests, the shell's HTML) are asked about on every
      // load; an unchanged one answers 304 with no body, so a repeat visit downloads nothing again.
      headers.ETag = entityTag(info.size, info.mtimeMs);
      if (ext === '.html') Object.assign(headers, options.documentHeaders?.(pathname));
      if (isNotModified(req.headers['if-none-match'], headers.ETag)) {
        res.writeHead(304, { ...headers, Vary: 'Origin, Accept-Encoding' }).end();
        return;
      }
      if (!COMPRESSIBLE.has(ext)) {
        res.writeHead(200, { ...headers, 'Content-Length': String(info.size) });
        if (req.method === 'HEAD') return res.end();
        createReadStream(file).pipe(res);
        return;
      }
      const { body, encoding } = await compress(
        file,
        info.mtimeMs,
        String(req.headers['accept-encoding'] ?? ''),
      );
      if (encoding) headers['Content-Encoding'] = encoding;
      res.writeHead(200, {
        ...headers,
        Vary: 'Origin, Accept-Encoding',
        'Content-Length': String(body.length),
      });
      if (req.method === 'HEAD') res.end();
      else res.end(body);
    })().catch((error: unknown) => {
      console.error(error);
      if (!res.headersSent) res.writeHead(500).end();
    });
  };
  let server: http.Server | http2.Http2SecureServer;
  let closeConnections: () => void;
  if (options.tls) {
    const secure = http2.createSecureServer({ ...options.tls, allowHTTP1: true }, serve);
    const sessions = new Set<Http2Session>();
    secure.on('session', (session: Http2Session) => {
      sessions.add(session);
      session.once('close', () => sessions.delete(session));
    });
    server = secure;
    closeConnections = () => sessions.forEach((session) => session.destroy());
  } else {
    const plain = http.createServer(serve);
    server = plain;
    closeConnections = () => plain.closeAllConnections();
  }
  return new Promise((resolvePromise, reject) => {
    server.once('error', reject);
    server.listen(options.port, host, () => {
      server.off('error', reject);
      resolvePromise({
        url: `${options.tls ? 'https' : 'http'}://${host}:${options.port}`,
        close: () =>
          new Promise<void>((done) => {
            closeConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
