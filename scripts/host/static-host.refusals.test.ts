import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryHandler } from '../deploy/remote-deploy';
import { startStaticHost, type StaticHost } from './static-host';

/**
 * What the static host refuses before reading anything: writes to the CDN's files and registry,
 * and, while `npm start` runs the API's dev endpoints, requests addressed to another name than
 * this machine's (a page whose name is rebound to 127.0.0.1).
 */

const root = mkdtempSync(join(tmpdir(), 'static-host-refusals-'));
let api: FastifyInstance;
let apiCalls = 0;
let cdn: StaticHost;
let shell: StaticHost;

beforeAll(async () => {
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  mkdirSync(join(root, 'registry'));
  writeFileSync(join(root, 'registry', 'local.json'), '{"remotes":{}}');
  api = Fastify();
  api.get('/api/v1/dev/outbox', (request) => {
    apiCalls += 1;
    return { forwardedHost: request.headers['x-forwarded-host'] };
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const apiPort = (api.server.address() as AddressInfo).port;
  [cdn, shell] = await Promise.all([
    startStaticHost({
      root,
      port: 0,
      host: '127.0.0.1',
      handle: registryHandler(root, 'local'),
    }),
    startStaticHost({
      root,
      port: 0,
      host: '127.0.0.1',
      spa: true,
      proxy: { prefix: '/api/', target: `http://127.0.0.1:${apiPort}` },
      ownNames: ['127.0.0.1'],
    }),
  ]);
});

afterAll(async () => {
  await Promise.all([cdn?.close(), shell?.close()]);
  await api?.close();
  rmSync(root, { recursive: true, force: true });
});

/** A GET naming `host` in its Host header (fetch sends the URL's own). */
function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { host } }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

describe('a write to the CDN', () => {
  it('is answered 405 before the registry handler, and its body is not read', async () => {
    const total = 64 * 1024 * 1024;
    const piece = Buffer.alloc(64 * 1024, 'x');
    const outcome = await new Promise<{
      status: number;
      allow?: string;
      connection?: string;
      sent: number;
      finished: boolean;
    }>((resolve) => {
      let sent = 0;
      let finished = false;
      let answer: http.IncomingMessage | undefined;
      // Chunked, no Content-Length: the host cannot refuse it by its length.
      const request = http.request(
        `${cdn.url}/registry.json`,
        { method: 'POST', headers: { 'content-type': 'application/json' } },
        (response) => {
          answer = response;
          response.resume();
        },
      );
      const pump = () => {
        while (sent < total) {
          sent += piece.length;
          if (!request.write(piece)) return void request.once('drain', pump);
        }
        request.end(() => (finished = true));
      };
      // The outcome once the connection is gone: closed by the host (refused) or after the whole body.
      request.on('error', () => undefined);
      request.on('close', () =>
        resolve({
          status: answer?.statusCode ?? 0,
          allow: answer?.headers.allow,
          connection: answer?.headers.connection,
          sent,
          finished,
        }),
      );
      pump();
    });
    expect(outcome.status).toBe(405);
    expect(outcome.allow).toBe('GET, HEAD');
    expect(outcome.connection).toBe('close');
    expect(outcome.finished).toBe(false);
    expect(outcome.sent).toBeLessThan(total);
  });

  it('by any method but GET and HEAD, while reads go on', async () => {
    for (const method of ['PUT', 'DELETE', 'PATCH', 'POST']) {
      const response = await fetch(`${cdn.url}/registry.json`, {
        method,
        body: method === 'DELETE' ? null : '{}',
      });
      expect(response.status, method).toBe(405);
      expect(await response.json()).toEqual({
        error: 'Method Not Allowed',
        message: `${method} is not allowed here: these files are only read (GET, HEAD).`,
      });
    }
    const read = await fetch(`${cdn.url}/registry.json`);
    expect(read.status).toBe(200);
    expect(await read.json()).toEqual({ remotes: {} });
  });
});

describe('a host that answers only this machine (ownNames)', () => {
  const port = () => new URL(shell.url).port;

  it('refuses another name with 421, before the files or the API proxy', async () => {
    const calls = apiCalls;
    for (const path of ['/api/v1/dev/outbox', '/', '/index.html']) {
      const refused = await getWithHost(`${shell.url}${path}`, `rebind.attacker.example:${port()}`);
      expect(refused.status, path).toBe(421);
      expect(JSON.parse(refused.body)).toMatchObject({ error: 'Misdirected Request' });
    }
    expect((await getWithHost(`${shell.url}/`, 'localhost:1')).status).toBe(421);
    expect(apiCalls).toBe(calls);
  });

  it("answers this machine's names on its port, and tells the API the Host it was asked by", async () => {
    for (const name of ['localhost', '127.0.0.1', '[::1]']) {
      const answer = await getWithHost(`${shell.url}/api/v1/dev/outbox`, `${name}:${port()}`);
      expect(answer.status, name).toBe(200);
      expect(JSON.parse(answer.body)).toEqual({ forwardedHost: `${name}:${port()}` });
    }
    expect((await getWithHost(`${shell.url}/`, `localhost:${port()}`)).status).toBe(200);
  });

  it('is off unless asked for: the CDN here answers any name', async () => {
    expect((await getWithHost(`${cdn.url}/registry.json`, 'rebind.attacker.example')).status).toBe(200);
  });
});
