import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { respond } from './host-types';
import { writeLocalCertificate } from '../perf/local-certificate';
import {
  API_BODY_LIMIT,
  API_TIMED_OUT,
  API_UNREACHABLE,
  bodyTooLarge,
  cacheControlFor,
  isHiddenPath,
  PROXY_FAILED,
  startStaticHost,
  STRICT_TRANSPORT_SECURITY,
  upstreamFailure,
  withoutEncodings,
  type StaticHost,
  type StaticHostOptions,
} from './static-host';
import { freePort } from './free-port';

describe('cacheControlFor', () => {
  it('caches content-hashed files for a year and revalidates everything else', () => {
    expect(cacheControlFor('/static/js/async/lib-router.43ac43c2e9.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/public/0.1.0-8c74230a2e/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/sw.js')).toBe('no-cache');
  });
});

describe('withoutEncodings', () => {
  it('drops the named encodings, with or without weights, and keeps the rest', () => {
    expect(withoutEncodings('gzip, deflate, br, zstd', ['br'])).toBe('gzip, deflate, zstd');
    expect(withoutEncodings('br;q=1.0, gzip;q=0.8', ['gzip', 'br'])).toBe('');
    expect(withoutEncodings('GZIP', ['gzip'])).toBe('');
  });
});

describe('isHiddenPath', () => {
  it('hides dotfiles, a deploy’s in-progress copies and half-written files, however encoded', () => {
    for (const path of [
      '/.env',
      '/customer/.1.2.0.tmp-4242-k3j9/mf-manifest.json',
      '/customer/1.2.0.tmp/remoteEntry.js',
      '/registry.local.json.tmp',
      '/customer/%2E1.2.0.tmp-1-a/remoteEntry.js',
      '/customer/..%2F.git/config',
      '/customer/%E0%A4%A',
    ]) {
      expect(isHiddenPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/customer/1.2.0/mf-manifest.json',
      '/static/js/main.0123abcd.js',
      '/tmp/x.tmpl',
    ]) {
      expect(isHiddenPath(path), path).toBe(false);
    }
  });
});

describe('upstreamFailure', () => {
  it('answers 502 only when the API cannot be reached, 504 when it is too slow, else 500', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3001'), { code: 'ECONNREFUSED' });
    // As @fastify/reply-from wraps a refused connection.
    const wrapped = Object.assign(new Error(refused.message, { cause: refused }), {
      code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR',
      statusCode: 500,
    });
    expect(upstreamFailure(wrapped)).toEqual({ status: 502, body: API_UNREACHABLE });
    expect(upstreamFailure(new AggregateError([refused]))).toEqual({ status: 502, body: API_UNREACHABLE });
    expect(upstreamFailure({ code: 'UND_ERR_SOCKET', statusCode: 500 })).toEqual({
      status: 502,
      body: API_UNREACHABLE,
    });
    expect(upstreamFailure({ code: 'FST_REPLY_FROM_GATEWAY_TIMEOUT', statusCode: 504 })).toEqual({
      status: 504,
      body: API_TIMED_OUT,
    });
    // What the API's client refuses about a request (once, an Expect header) is no network failure.
    const refusedHeader = Object.assign(new Error('expect header not supported'), {
      code: 'UND_ERR_NOT_SUPPORTED',
    });
    expect(
      upstreamFailure(
        Object.assign(new Error(refusedHeader.message, { cause: refusedHeader }), { statusCode: 500 }),
      ),
    ).toEqual({ status: 500, body: PROXY_FAILED });
  });
});

describe('files', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-host-files-'));
  const html = '<!doctype html><title>shell</title>';
  const script = 'console.log("fresh build");'.repeat(100);
  let host: StaticHost;

  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), html);
    writeFileSync(join(root, 'app.js'), script);
    // Marker bodies prove which copy was sent: the host cannot produce these bytes itself.
    writeFileSync(join(root, 'app.js.gz'), gzipSync('precompressed gzip copy'));
    writeFileSync(join(root, 'app.js.br'), brotliCompressSync('precompressed brotli copy'));
    host = await startStaticHost({
      root,
      port: 0,
      spa: true,
      corsOrigins: ['https://shell.example'],
      noCrossSiteEntry: ['/logout'],
      documentHeaders: (pathname) => ({
        'Content-Security-Policy': `default-src 'self'; x-path ${pathname}`,
      }),
      handle: answerRegistry,
    });
  });

  afterAll(async () => {
    await host.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${host.url}${path}`, { headers });

  it("sends another site's navigation to a page it may not open to / instead, and lets the app's own through", async () => {
    // node:http, not fetch: fetch sets the Sec-Fetch headers itself.
    const open = (site: string, mode = 'navigate', path = '/logout') =>
      send(`${host.url}${path}`, {
        method: 'GET',
        headers: { 'Sec-Fetch-Site': site, 'Sec-Fetch-Mode': mode },
      });
    for (const site of ['cross-site', 'same-site']) {
      const refused = await open(site);
      expect(refused.status).toBe(303);
      expect(refused.headers.location).toBe('/');
    }
    for (const site of ['same-origin', 'none']) {
      const opened = await open(site);
      expect(opened.status).toBe(200);
      expect(opened.body).toBe(html);
    }
    // Not a navigation (a prefetch, a fetch), and other pages: as ever.
    expect((await open('cross-site', 'no-cors')).status).toBe(200);
    expect(
      (await get('/my-account', { 'Sec-Fetch-Site': 'cross-site', 'Sec-Fetch-Mode': 'navigate' })).status,
    ).toBe(200);
  });

  it('serves the build’s precompressed copy, brotli before gzip', async () => {
    const brotli = await get('/app.js', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(brotli.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await brotli.text()).toBe('precompressed brotli copy');

    const gzip = await get('/app.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(await gzip.text()).toBe('precompressed gzip copy');
  });

  it('never serves a precompressed copy older than its file, and compresses the file itself', async () => {
    const file = join(root, 'rebuilt.js');
    writeFileSync(file, script);
    writeFileSync(`${file}.gz`, gzipSync('stale gzip copy'));
    const later = new Date(Date.now() + 60_000);
    utimesSync(file, later, later);

    const answer = await get('/rebuilt.js', { 'Accept-Encoding': 'gzip' });
    expect(answer.headers.get('content-encoding')).toBe('gzip');
    expect(await answer.text()).toBe(script);
  });

  it('answers 404 for a missing file whose precompressed copies are still there', async () => {
    writeFileSync(join(root, 'removed.js.br'), brotliCompressSync('orphaned brotli copy'));
    writeFileSync(join(root, 'removed.js.gz'), gzipSync('orphaned gzip copy'));
    const answer = await get('/removed.js', { 'Accept-Encoding': 'gzip, br' });
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe('Not found');
  });

  it('answers 304 to a browser that holds the current version', async () => {
    const first = await get('/app.js', { 'Accept-Encoding': 'br' });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    // As a browser revalidates (fetch() would add Cache-Control: no-cache, a reload, without it).
    const again = await get('/app.js', {
      'Accept-Encoding': 'br',
      'If-None-Match': etag,
      'Cache-Control': 'max-age=0',
    });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers a page path with the shell’s HTML and its document headers, and unknown files with 404', async () => {
    const page = await get('/promotions/42');
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(html);
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'; x-path /promotions/42");
    expect(page.headers.get('cache-control')).toBe('no-cache');

    const missing = await get('/static/js/missing.0123456789.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('no-cache');
    expect(missing.headers.get('content-security-policy')).toBeNull();

    const post = await fetch(`${host.url}/app.js`, { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
  });

  it('never serves a dotfile, a deploy’s in-progress copy or a half-written file', async () => {
    const folders = ['customer/.1.2.0.tmp-4242-k3j9', 'customer/1.2.0.tmp', 'customer/1.2.0', '.git'];
    for (const folder of folders) {
      mkdirSync(join(root, folder), { recursive: true });
      writeFileSync(join(root, folder, 'remoteEntry.js'), 'console.log("copy");');
    }
    writeFileSync(join(root, '.env'), 'SECRET=1');
    writeFileSync(join(root, 'registry.local.json.tmp'), '{}');

    expect((await get('/customer/1.2.0/remoteEntry.js')).status).toBe(200);
    for (const path of [
      '/customer/.1.2.0.tmp-4242-k3j9/remoteEntry.js',
      '/customer/%2E1.2.0.tmp-4242-k3j9/remoteEntry.js',
      '/customer/1.2.0.tmp/remoteEntry.js',
      '/.git/remoteEntry.js',
      '/.env',
      '/registry.local.json.tmp',
      // A folder, and a path without an extension that the shell would otherwise answer with its page.
      '/customer/.1.2.0.tmp-4242-k3j9/',
      '/customer/.1.2.0.tmp-4242-k3j9',
    ]) {
      const answer = await get(path, { 'Accept-Encoding': 'gzip, br' });
      expect(answer.status, path).toBe(404);
      expect(await answer.text(), path).toBe('Not found');
    }
  });

  it('never sends Strict-Transport-Security over plain HTTP', async () => {
    for (const path of ['/app.js', '/promotions/42', '/missing.js', '/registry.json']) {
      expect((await get(path)).headers.get('strict-transport-security'), path).toBeNull();
    }
  });

  it('lets only the listed origins fetch files and dynamic answers across origins', async () => {
    const allowed = await get('/app.js', { Origin: 'https://shell.example' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://shell.example');
    expect(allowed.headers.get('vary')).toMatch(/Origin/);
    expect(allowed.headers.get('x-content-type-options')).toBe('nosniff');

    const foreign = await get('/app.js', { Origin: 'https://elsewhere.example' });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    // A script tag's request carries no Origin; its cached copy must not answer a CORS request.
    const scriptTag = await get('/app.js');
    expect(scriptTag.headers.get('access-control-allow-origin')).toBeNull();
    expect(scriptTag.headers.get('vary')).toMatch(/Origin/);

    const registry = await get('/registry.json', { Origin: 'https://shell.example' });
    expect(registry.headers.get('access-control-allow-origin')).toBe('https://shell.example');
    expect(await registry.json()).toEqual({ remotes: {} });

    const preflight = await fetch(`${host.url}/app.js`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://shell.example' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, HEAD');
  });
});

describe('the API proxy', () => {
  const root = mkdtempSync(join(tmpdir(), 'static-host-proxy-'));
  const large = 'x'.repeat(3 * 1024 * 1024);
  /** A route of the API's with a smaller limit of its own (the reference API's telemetry has one). */
  const ROUTE_LIMIT = 32 * 1024;
  let api: FastifyInstance;
  let host: StaticHost;
  let unavailableCalls = 0;
  let rawEchoCalls = 0;

  beforeAll(async () => {
    writeFileSync(join(root, 'index.html'), '<!doctype html>');
    // As the reference API: bodies over its limit are refused with 413.
    api = Fastify({ bodyLimit: API_BODY_LIMIT });
    api.post('/api/v1/form-submission/submit', (request) => ({
      received: JSON.stringify(request.body).length,
    }));
    api.post('/api/v1/session/login', (request) => ({ body: request.body, expect: request.headers.expect }));
    api.post('/api/v1/telemetry', { bodyLimit: ROUTE_LIMIT }, () => ({ stored: true }));
    api.get('/api/v1/echo', (request) => ({ headers: request.headers, query: request.query }));
    api.get('/api/v1/large', (_request, reply) => reply.type('text/plain').send(large));
    api.get('/api/v1/missing', (_request, reply) =>
      reply
        .code(404)
        .header('X-Api-Reason', 'no such thing')
        .send({ error: 'Not Found', message: 'No such thing.' }),
    );
    api.get('/api/v1/unavailable', (_request, reply) => {
      unavailableCalls += 1;
      return reply.code(503).send({ error: 'Service Unavailable', message: 'Down for maintenance.' });
    });
    api.get('/api/v1/failing', (_request, reply) =>
      reply.code(500).send({ error: 'Internal Server Error', message: 'Something went wrong on our side.' }),
    );
    // Echoes the body's bytes as they arrived, and how they were framed.
    await api.register((raw, _options, done) => {
      raw.removeAllContentTypeParsers();
      raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
      raw.post('/api/v1/raw-echo', (request) => {
        rawEchoCalls += 1;
        return {
          body: request.body,
          contentLength: request.headers['content-length'],
          contentType: request.headers['content-type'],
        };
      });
      done();
    });
    await api.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = (api.server.address() as AddressInfo).port;
    host = await startStaticHost({
      root,
      port: 0,
      spa: true,
      proxy: { prefix: '/api/', target: `http://127.0.0.1:${apiPort}` },
    });
  });

  afterAll(async () => {
    await host.close();
    await api.close();
    rmSync(root, { recursive: true, force: true });
  });

  const submit = (text: string) =>
    fetch(`${host.url}/api/v1/form-submission/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ text }),
    });

  it('passes a body of exactly its limit on', async () => {
    const body = 'x'.repeat(API_BODY_LIMIT);
    const answer = await send(`${host.url}/api/v1/raw-echo`, {
      headers: { 'Content-Type': 'text/plain' },
      body: [body.slice(0, 1000), body.slice(1000)],
    });
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ contentLength: String(API_BODY_LIMIT) });
  });

  it('answers a body past its limit with 413 itself, from its Content-Length, in the API’s error shape', async () => {
    expect(API_BODY_LIMIT).toBe(256 * 1024);
    for (const size of [API_BODY_LIMIT, 1024 * 1024, 8 * 1024 * 1024]) {
      const answer = await submit('x'.repeat(size));
      expect(answer.status).toBe(413);
      expect(await answer.json()).toEqual(bodyTooLarge(API_BODY_LIMIT));
    }
    const refused = await send(`${host.url}/api/v1/raw-echo`, {
      headers: { 'Content-Type': 'text/plain', 'Content-Length': String(API_BODY_LIMIT + 1) },
      body: ['x'.repeat(API_BODY_LIMIT + 1)],
    });
    expect(refused.status).toBe(413);
    // The rest of the body is not read, so the connection cannot carry another request.
    expect(refused.headers.connection).toBe('close');
    expect(bodyTooLarge(API_BODY_LIMIT).message).toBe(
      'Request body is too large: the API takes at most 262144 bytes.',
    );

    const small = await submit('hello');
    expect(small.status).toBe(200);
    expect(await small.json()).toEqual({ received: JSON.stringify({ text: 'hello' }).length });
  });

  it('answers a body sent without a length with 413 once more than the limit has come', async () => {
    const calls = rawEchoCalls;
    const piece = 'x'.repeat(64 * 1024);
    const answer = await send(`${host.url}/api/v1/raw-echo`, {
      headers: { 'Content-Type': 'text/plain' },
      body: Array.from({ length: 8 }, () => piece),
    });
    expect(answer.status).toBe(413);
    expect(answer.headers.connection).toBe('close');
    expect(JSON.parse(answer.body)).toEqual(bodyTooLarge(API_BODY_LIMIT));
    expect(rawEchoCalls).toBe(calls);
  });

  it('takes a limit of its own', async () => {
    const strict = await startStaticHost({
      root,
      port: 0,
      proxy: {
        prefix: '/api/',
        target: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}`,
        bodyLimit: 10,
      },
    });
    try {
      const fits = await fetch(`${strict.url}/api/v1/raw-echo`, { method: 'POST', body: '0123456789' });
      expect(fits.status).toBe(200);
      const over = await fetch(`${strict.url}/api/v1/raw-echo`, { method: 'POST', body: '0123456789A' });
      expect(over.status).toBe(413);
      expect(await over.json()).toEqual(bodyTooLarge(10));
    } finally {
      await strict.close();
    }
  });

  it('answers Expect: 100-continue itself: a login sent so reaches the API without it', async () => {
    const body = JSON.stringify({ email: 'customer@demo.test', password: 'Demo-pass1!' });
    const answer = await send(`${host.url}/api/v1/session/login`, {
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        Expect: '100-continue',
      },
      body: [body],
    });
    expect(answer.continued).toBe(true);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toEqual({
      body: { email: 'customer@demo.test', password: 'Demo-pass1!' },
    });
  });

  it('refuses a body past its limit before the client sends it, to a client that waits for 100 Continue', async () => {
    const answer = await send(`${host.url}/api/v1/session/login`, {
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(400 * 1024 * 1024),
        Expect: '100-continue',
      },
      body: ['{}'],
    });
    expect(answer.continued).toBe(false);
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual(bodyTooLarge(API_BODY_LIMIT));
  });

  it('passes the API’s own 413 through, every time, for a body within its limit that a route refuses', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const answer = await fetch(`${host.url}/api/v1/telemetry`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ events: 'x'.repeat(3 * ROUTE_LIMIT) }),
      });
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({ message: 'Request body is too large' });
    }
  });

  it('keeps the client’s hop-by-hop headers to itself, and a GET’s body it does not pass on', async () => {
    const answer = await send(`${host.url}/api/v1/echo`, {
      method: 'GET',
      headers: { 'Keep-Alive': 'timeout=5', Upgrade: 'h2c', TE: 'trailers', 'Content-Length': '5' },
      body: ['hello'],
    });
    expect(answer.status).toBe(200);
    const { headers } = JSON.parse(answer.body) as { headers: Record<string, string> };
    for (const name of ['keep-alive', 'upgrade', 'te', 'content-length', 'transfer-encoding']) {
      expect(headers[name], name).toBeUndefined();
    }
  });

  it('passes a body on byte for byte, also one the client streams in pieces', async () => {
    // Duplicate keys and 1.0: a proxy that parsed and re-encoded the JSON would change both.
    const body = '{"amount": 1.0, "amount": 2}';
    // Without a Content-Length, Node sends the pieces chunked.
    const echoed = await send(`${host.url}/api/v1/raw-echo`, {
      headers: { 'Content-Type': 'application/json' },
      body: [body.slice(0, 10), body.slice(10)],
    });
    expect(JSON.parse(echoed.body)).toEqual({
      body,
      contentLength: String(body.length),
      contentType: 'application/json',
    });
  });

  it('passes 4xx and 5xx answers through with their headers and bodies, asking the API once', async () => {
    const missing = await fetch(`${host.url}/api/v1/missing`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-api-reason')).toBe('no such thing');
    expect(await missing.json()).toEqual({ error: 'Not Found', message: 'No such thing.' });

    const failing = await fetch(`${host.url}/api/v1/failing`);
    expect(failing.status).toBe(500);
    expect(await failing.json()).toEqual({
      error: 'Internal Server Error',
      message: 'Something went wrong on our side.',
    });

    const unavailable = await fetch(`${host.url}/api/v1/unavailable`);
    expect(unavailable.status).toBe(503);
    expect(await unavailable.json()).toEqual({
      error: 'Service Unavailable',
      message: 'Down for maintenance.',
    });
    expect(unavailableCalls).toBe(1);
  });

  it('passes a large answer through whole', async () => {
    const answer = await fetch(`${host.url}/api/v1/large`, { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(answer.status).toBe(200);
    // The API chose not to compress it; the host adds nothing of its own.
    expect(answer.headers.get('content-encoding')).toBeNull();
    expect(await answer.text()).toBe(large);
  });

  it('tells the API the client’s address and protocol, whatever the client claims', async () => {
    const answer = await fetch(`${host.url}/api/v1/echo?ids=a,b`, {
      headers: { 'X-Forwarded-For': '203.0.113.9' },
    });
    const { headers, query } = (await answer.json()) as {
      headers: Record<string, string>;
      query: Record<string, string>;
    };
    expect(headers['x-forwarded-for']).toMatch(/^(127\.0\.0\.1|::1|::ffff:127\.0\.0\.1)$/);
    expect(headers['x-forwarded-proto']).toBe('http');
    expect(query).toEqual({ ids: 'a,b' });
  });

  it('answers 502 with the API’s usual error shape when the API is down', async () => {
    const down = await startStaticHost({
      root,
      port: 0,
      proxy: { prefix: '/api/', target: `http://127.0.0.1:${await freePort('127.0.0.1')}` },
    });
    try {
      const answer = await fetch(`${down.url}/api/v1/session/get`);
      expect(answer.status).toBe(502);
      expect(await answer.json()).toEqual(API_UNREACHABLE);
      expect(API_UNREACHABLE.message).toBe('The API is not reachable.');
    } finally {
      await down.close();
    }
  });
});

describe('over TLS', () => {
  let root: string;
  let ca: Buffer;
  let api: FastifyInstance;
  let host: StaticHost;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'static-host-tls-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
    const { certFile, keyFile } = await writeLocalCertificate(root);
    ca = readFileSync(certFile);
    // An HTTP/1.1 upstream whose answer carries connection headers, which HTTP/2 forbids.
    api = Fastify();
    api.get('/api/v1/session/get', (_request, reply) =>
      reply
        .header('Connection', 'keep-alive')
        .send({ ok: true, proto: _request.headers['x-forwarded-proto'] }),
    );
    api.post('/api/v1/session/login', () => ({ ok: true }));
    await api.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = (api.server.address() as AddressInfo).port;
    host = await startStaticHost({
      root,
      port: 0,
      spa: true,
      proxy: { prefix: '/api/', target: `http://127.0.0.1:${apiPort}` },
      tls: { cert: ca, key: readFileSync(keyFile) },
      handle: answerRegistry,
    });
  });

  afterAll(async () => {
    await host.close();
    await api.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves files and proxies the API over HTTP/2 when given a certificate', async () => {
    expect(host.url).toMatch(/^https:/);
    const session = connect2(host.url, ca);
    try {
      const page = await request2(session, '/login');
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>shell</title>');
      const proxied = await request2(session, '/api/v1/session/get');
      expect(proxied.status).toBe(200);
      expect(proxied.headers.connection).toBeUndefined();
      expect(JSON.parse(proxied.body)).toEqual({ ok: true, proto: 'https' });
    } finally {
      session.close();
    }
  });

  it('sends Strict-Transport-Security with every answer, over HTTP/2 and HTTP/1.1', async () => {
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    const session = connect2(host.url, ca);
    try {
      const answers = [
        await request2(session, '/login'),
        await request2(session, '/registry.json'),
        await request2(session, '/missing.js'),
        await request2(session, '/.env'),
        await request2(session, '/api/v1/session/get'),
        await request2(session, '/api/v1/session/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': String(API_BODY_LIMIT + 1) },
        }),
      ];
      expect(answers.map(({ status }) => status)).toEqual([200, 200, 404, 404, 200, 413]);
      for (const answer of answers) {
        expect(answer.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
      }
    } finally {
      session.close();
    }
    const http1 = await new Promise<http.IncomingMessage>((resolveAnswer, reject) =>
      https.get(`${host.url}/login`, { ca, agent: false }, resolveAnswer).once('error', reject),
    );
    http1.resume();
    expect(http1.httpVersion).toBe('1.1');
    expect(http1.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('stops at once with connections still open over TLS: HTTP/2 after a refused stream, HTTP/1.1 keep-alive', async () => {
    const { certFile, keyFile } = await writeLocalCertificate(
      mkdtempSync(join(tmpdir(), 'static-host-stop-')),
    );
    const cert = readFileSync(certFile);
    const stopping = await startStaticHost({
      root,
      port: 0,
      proxy: { prefix: '/api/', target: `http://127.0.0.1:${(api.server.address() as AddressInfo).port}` },
      tls: { cert, key: readFileSync(keyFile) },
    });
    const session = connect2(stopping.url, cert);
    expect((await request2(session, '/')).status).toBe(200);
    // A body refused while it streamed: its connection is the one that held a stop open.
    const refused = await request2(session, '/api/v1/session/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      stream: true,
    });
    expect(refused.status).toBe(413);
    session.close();
    const agent = new https.Agent({ keepAlive: true, ca: cert });
    const answer = await new Promise<http.IncomingMessage>((resolveAnswer, reject) =>
      https.get(`${stopping.url}/`, { agent }, resolveAnswer).once('error', reject),
    );
    answer.resume();
    await new Promise((resolveEnd) => answer.once('end', resolveEnd));
    const started = performance.now();
    await stopping.close();
    expect(performance.now() - started).toBeLessThan(1000);
    agent.destroy();
  });

  it('refuses a body past its limit over HTTP/2, stops its stream, and serves on', async () => {
    const session = connect2(host.url, ca);
    try {
      // A body with no length, sent until the answer comes.
      const refused = await request2(session, '/api/v1/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        stream: true,
      });
      expect(refused.status).toBe(413);
      expect(JSON.parse(refused.body)).toEqual(bodyTooLarge(API_BODY_LIMIT));
      expect(refused.sent).toBeLessThan(8 * 1024 * 1024);
      const next = await request2(session, '/api/v1/session/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      expect(next.status).toBe(200);
    } finally {
      session.close();
    }
  });
});

/** An HTTP/2 connection trusting only the given certificate. */
function connect2(url: string, ca: Buffer): http2.ClientHttp2Session {
  const session = http2.connect(new URL(url).origin, { ca });
  session.on('error', () => {});
  return session;
}

/**
 * One request on an HTTP/2 connection: status, headers and body, and how many body bytes were
 * sent. With `stream`, the body is 1 MB pieces, sent until the answer ends (at most 400 MB).
 */
function request2(
  session: http2.ClientHttp2Session,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; stream?: boolean } = {},
) {
  return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string; sent: number }>(
    (resolveAnswer, reject) => {
      const stream = session.request({
        ':path': path,
        ':method': options.method ?? 'GET',
        ...options.headers,
      });
      let headers: http2.IncomingHttpHeaders = {};
      let body = '';
      let sent = 0;
      let answered = false;
      stream.setEncoding('utf8');
      stream.on('response', (received) => (headers = received));
      stream.on('data', (chunk: string) => (body += chunk));
      stream.on('end', () => {
        answered = true;
        resolveAnswer({ status: Number(headers[':status']), headers, body, sent });
      });
      // The host's closing the stream after its answer is no failure of the request.
      stream.once('error', (error: Error) => {
        if (!answered) reject(error);
      });
      if (options.stream) {
        const piece = Buffer.alloc(1024 * 1024, 'x');
        const pump = () => {
          while (!answered && !stream.destroyed && sent < 400 * piece.length) {
            sent += piece.length;
            if (!stream.write(piece)) return void stream.once('drain', pump);
          }
        };
        pump();
      } else if (options.body !== undefined) {
        stream.end(options.body);
      } else if (options.method === 'POST') {
        // A declared body that is never sent: the answer must come from its length alone.
      } else {
        stream.end();
      }
    },
  );
}

/** A `handle` answering /registry.json with an empty registry, as the CDN's dynamic answer. */
const answerRegistry: NonNullable<StaticHostOptions['handle']> = (req, res) => {
  if (req.url !== '/registry.json') return false;
  respond(res, 200, { 'Content-Type': 'application/json' }, '{"remotes":{}}');
  return true;
};

interface Sent {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Whether the host answered 100 Continue before its answer. */
  continued: boolean;
}

/**
 * One request with Node's HTTP client, its body written in the pieces given (chunked, without a
 * Content-Length). With Expect: 100-continue the body is sent only once the host asks for it, as
 * such clients do; the answer may come first.
 */
function send(
  url: string,
  {
    method = 'POST',
    headers = {},
    body = [],
  }: { method?: string; headers?: Record<string, string>; body?: string[] },
): Promise<Sent> {
  return new Promise((resolveSent, reject) => {
    let continued = false;
    const request = http.request(url, { method, headers }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => {
        resolveSent({ status: response.statusCode ?? 0, headers: response.headers, body: text, continued });
        request.destroy();
      });
    });
    request.once('error', reject);
    const writeBody = () => {
      for (const piece of body.slice(0, -1)) request.write(piece);
      request.end(body.at(-1));
    };
    if (Object.keys(headers).some((name) => name.toLowerCase() === 'expect')) {
      request.once('continue', () => {
        continued = true;
        writeBody();
      });
      request.flushHeaders();
    } else {
      writeBody();
    }
  });
}
