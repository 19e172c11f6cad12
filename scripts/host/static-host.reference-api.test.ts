import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEMO_EMAILS, DEMO_PASSWORD } from '@promo/server/demo-logins';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticHost, type StaticHost } from './static-host';

/**
 * The shell's host in front of the reference API, started as `npm start` starts it: what a client
 * sends through the proxy reaches the API's own routes, limits and address counting.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
/** Sign-ins allowed per address here, so a few attempts reach the limit. */
const PER_ADDRESS = 3;

let api: ChildProcess;
let host: StaticHost;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'static-host-reference-api-'));
  writeFileSync(join(root, 'index.html'), '<!doctype html>');
  api = spawn(process.execPath, ['--import', 'tsx', join(repo, 'server/src/main.ts')], {
    cwd: repo,
    env: {
      ...process.env,
      DB_FILE: ':memory:',
      API_PORT: '0',
      LOG_LEVEL: 'error',
      LIMIT_SIGN_IN_PER_ADDRESS: `${PER_ADDRESS}/1m`,
    },
  });
  const apiBase = await new Promise<string>((resolveBase, reject) => {
    let output = '';
    api.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+)\/api\/v1/.exec(output)?.[1];
      if (url) resolveBase(url);
    });
    api.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    api.on('exit', (code) => reject(new Error(`The API exited (${String(code)}): ${output}`)));
  });
  host = await startStaticHost({
    root,
    port: 0,
    host: '127.0.0.1',
    spa: true,
    proxy: { prefix: '/api/', target: apiBase },
  });
}, 60_000);

afterAll(async () => {
  await host?.close();
  api?.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
});

/**
 * A sign-in as a client that sends Expect: 100-continue does: the body only once the host asks
 * for it.
 */
function signIn(
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; continued: boolean; body: string; cookie: string | undefined }> {
  const body = JSON.stringify({ email, password });
  return new Promise((resolveSignIn, reject) => {
    let continued = false;
    const request = http.request(`${host.url}/api/v1/session/login`, {
      method: 'POST',
      headers: {
        ...headers,
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        Expect: '100-continue',
      },
    });
    request.once('continue', () => {
      continued = true;
      request.end(body);
    });
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () =>
        resolveSignIn({
          status: response.statusCode ?? 0,
          continued,
          body: text,
          cookie: response.headers['set-cookie']?.[0],
        }),
      );
    });
    request.once('error', reject);
    request.flushHeaders();
  });
}

describe('the shell’s host in front of the reference API', () => {
  it('signs a customer in with Expect: 100-continue, as curl and other clients send it', async () => {
    const answer = await signIn(DEMO_EMAILS.customer, DEMO_PASSWORD);
    expect(answer.continued).toBe(true);
    expect(answer.status, answer.body).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ role: 'customer' });
    expect(answer.cookie).toMatch(/^ezy_sid=/);
  });

  it('counts sign-ins against the address a client connects from, whatever X-Forwarded-For it claims', async () => {
    // Each attempt for another account, and from another claimed address: only the real one is the same.
    for (let attempt = 1; attempt <= PER_ADDRESS; attempt += 1) {
      const answer = await signIn(`nobody${attempt}@demo.test`, 'Wrong-pass1!', {
        'X-Forwarded-For': `203.0.113.${attempt}`,
      });
      expect(answer.status, answer.body).toBe(400);
    }
    const limited = await signIn('nobody-else@demo.test', 'Wrong-pass1!', {
      'X-Forwarded-For': '198.51.100.7',
    });
    expect(limited.status, limited.body).toBe(429);
  });
});
