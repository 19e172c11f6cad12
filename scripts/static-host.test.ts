import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { writeLocalCertificate } from './perf/local-certificate';
import { cacheControlFor, chooseEncoding, entityTag, isNotModified, startStaticHost } from './static-host';

describe('cacheControlFor', () => {
  it('caches content-hashed files for a year and revalidates everything else', () => {
    expect(cacheControlFor('/static/js/async/lib-router.43ac43c2e9.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(cacheControlFor('/public/0.1.0-8c74230a2e/remoteEntry.js')).toBe('no-cache');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
  });
});

describe('entity tags', () => {
  const tag = entityTag(9660, 1_763_800_000_123.4);

  it('name a file version by size and modification time', () => {
    expect(tag).toBe(entityTag(9660, 1_763_800_000_123.9));
    expect(tag).not.toBe(entityTag(9661, 1_763_800_000_123));
    expect(tag).not.toBe(entityTag(9660, 1_763_800_000_124));
  });

  it('answer "not modified" only for the same version, or any', () => {
    expect(isNotModified(tag, tag)).toBe(true);
    expect(isNotModified(`"other", ${tag}`, tag)).toBe(true);
    expect(isNotModified(tag.replace('W/', ''), tag)).toBe(true);
    expect(isNotModified('*', tag)).toBe(true);
    expect(isNotModified(entityTag(1, 2), tag)).toBe(false);
    expect(isNotModified(undefined, tag)).toBe(false);
    expect(isNotModified('', tag)).toBe(false);
  });
});

describe('compression', () => {
  it('prefers brotli, then gzip, else none', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeUndefined();
  });

  it('serves the build’s precompressed copy while it is current, and compresses a newer file itself', async () => {
    const root = mkdtempSync(join(tmpdir(), 'static-host-'));
    const file = join(root, 'app.js');
    writeFileSync(file, 'console.log("fresh build");'.repeat(100));
    // A marker body proves which copy was sent: the host cannot produce these bytes itself.
    const marker = gzipSync('precompressed copy');
    writeFileSync(`${file}.gz`, marker);
    const port = await freePort();
    const host = await startStaticHost({ root, port });
    try {
      const fetchGzip = async () => {
        const answer = await fetch(`${host.url}/app.js`, { headers: { 'Accept-Encoding': 'gzip' } });
        expect(answer.headers.get('content-encoding')).toBe('gzip');
        return await answer.text();
      };
      expect(await fetchGzip()).toBe('precompressed copy');

      // A rebuilt file with a stale sibling: the sibling is older, so the host compresses the file.
      const later = new Date(Date.now() + 60_000);
      utimesSync(file, later, later);
      expect(await fetchGzip()).toContain('fresh build');
    } finally {
      await host.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('HTTP/2 over TLS', () => {
  /** One GET over HTTP/2, trusting only the given certificate: status, headers and body. */
  function get2(url: string, ca: Buffer) {
    return new Promise<{ status: number; headers: http2.IncomingHttpHeaders; body: string }>(
      (resolveAnswer, reject) => {
        const { origin, pathname } = new URL(url);
        const session = http2.connect(origin, { ca });
        session.once('error', reject);
        const stream = session.request({ ':path': pathname });
        let headers: http2.IncomingHttpHeaders = {};
        let body = '';
        stream.setEncoding('utf8');
        stream.on('response', (received) => (headers = received));
        stream.on('data', (chunk: string) => (body += chunk));
        stream.on('end', () => {
          session.close();
          resolveAnswer({ status: Number(headers[':status']), headers, body });
        });
        stream.once('error', reject);
      },
    );
  }

  it('serves files and proxies the API over HTTP/2 when given a certificate', async () => {
    const root = mkdtempSync(join(tmpdir(), 'static-host-tls-'));
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>shell</title>');
    const { certFile, keyFile } = await writeLocalCertificate(root);
    const ca = readFileSync(certFile);
    // An HTTP/1.1 upstream whose answer carries connection headers, which HTTP/2 forbids.
    const api = http.createServer((_req, res) => {
      res.writeHead(200, { Connection: 'keep-alive', 'Content-Type': 'application/json' });
      res.end('{"ok":true}');
    });
    const apiPort = await freePort();
    await new Promise<void>((done) => api.listen(apiPort, 'localhost', done));
    const host = await startStaticHost({
      root,
      port: await freePort(),
      spa: true,
      proxy: { prefix: '/api/', target: `http://localhost:${apiPort}` },
      tls: { cert: ca, key: readFileSync(keyFile) },
    });
    try {
      expect(host.url).toMatch(/^https:/);
      const page = await get2(`${host.url}/login`, ca);
      expect(page.status).toBe(200);
      expect(page.body).toContain('<title>shell</title>');
      const proxied = await get2(`${host.url}/api/v1/session/get`, ca);
      expect(proxied.status).toBe(200);
      expect(proxied.headers.connection).toBeUndefined();
      expect(JSON.parse(proxied.body)).toEqual({ ok: true });
    } finally {
      await host.close();
      await new Promise<void>((done) => api.close(() => done()));
      rmSync(root, { recursive: true, force: true });
    }
  });
});

function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, 'localhost', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolvePort(port));
    });
  });
}
