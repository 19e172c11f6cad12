import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { openDatabase } from './db/open-database';
import { seedDemoData } from './seed/seed-database';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_USER_IDS } from './seed/demo-logins';
import { demoIdentities } from './sso/demo-identities';
import { startLocalProvider } from './sso/local-provider';
import { SsoBrowser } from './test-support/sso-browser';

/**
 * The server as `node --import tsx server/src/main.ts` starts it, with only the variables each test
 * names: what a deployment that sets nothing else gets.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '../..');
let folder: string;
const children: ChildProcess[] = [];

interface Run {
  child: ChildProcess;
  output: () => string;
  /** The API's base URL once it prints its "listening" line; rejects if it exits first. */
  listening: Promise<string>;
  /** The exit code once it stops. */
  exited: Promise<number>;
}

function startApi(env: Record<string, string>): Run {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'server/src/main.ts')], {
    cwd: repo,
    // Nothing of the test runner's environment (Vitest sets NODE_ENV=test).
    env: { PATH: process.env.PATH ?? '', API_PORT: '0', ...env },
  });
  children.push(child);
  let output = '';
  const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const url = /listening on (http:\/\/\S+\/api\/v1)/.exec(output)?.[1];
      if (url) resolve(url);
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    void exited.then((code) => reject(new Error(`The API exited (${code}): ${output}`)));
  });
  // A run that is meant to be refused never listens; only a test that awaits this should fail on it.
  listening.catch(() => undefined);
  return { child, output: () => output, listening, exited };
}

/** Waits for the whole start line, and the dev endpoints' warning when there is one. */
async function started(run: Run): Promise<string> {
  const base = await run.listening;
  await expect.poll(run.output).toMatch(/ready in \d+ ms\)\n(Dev endpoints on .*\n)?/);
  return base;
}

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'ezy-main-'));
  // Seeded here with the small data set (the demo logins, no generated customers): the server keeps
  // demo data seeded today, so its start-up skips the seconds of seeding the full set.
  const db = openDatabase(join(folder, 'ezy.sqlite'));
  await seedDemoData(db, { now: Date.now(), volumeAccounts: 0 });
  db.close();
});

afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const gone = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await gone;
  }
});

afterAll(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('single sign-on settings of node --import tsx server/src/main.ts', () => {
  it('signs a rep in through a provider in another process, named by OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET', async () => {
    const client = { id: 'ezy-rewards-elsewhere', secret: 'a-secret-the-provider-issued' };
    const provider = await startLocalProvider({
      host: '127.0.0.1',
      port: 0,
      identities: demoIdentities(),
      client: {
        ...client,
        redirectUri: 'https://rewards.example.com/auth0/callback',
        postLogoutRedirectUri: 'https://rewards.example.com/login',
      },
    });
    try {
      const run = startApi({
        DB_FILE: join(folder, 'ezy.sqlite'),
        PUBLIC_ORIGIN: 'https://rewards.example.com',
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: client.id,
        OIDC_CLIENT_SECRET: client.secret,
      });
      const base = await started(run);
      const post = (path: string, body: object, cookie = '') =>
        fetch(`${base}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: 'https://rewards.example.com',
            ...(cookie ? { cookie } : {}),
          },
          body: JSON.stringify(body),
        });
      let begun: Response | undefined;
      await vi.waitFor(async () => {
        begun = await post('/auth0/get/auth/url', {});
        expect(begun.status).toBe(200);
      });
      const { consentUrl } = (await begun?.json()) as { consentUrl: string };
      const binding = (begun?.headers.getSetCookie() ?? []).find((line) => line.startsWith('ezy_sso='));
      const browser = new SsoBrowser(undefined, 'https://rewards.example.com');
      const callback = await browser.signInAtProvider(DEMO_EMAILS.rep, DEMO_PASSWORD, new URL(consentUrl));
      const signedIn = await post(
        '/session/login',
        { ...Object.fromEntries(callback.searchParams), isRepSSO: true },
        binding?.split(';')[0],
      );
      expect(await signedIn.json()).toEqual({ role: 'rep', userid: DEMO_USER_IDS.rep });
    } finally {
      await provider.close();
    }
  });

  it('starts with a provider it cannot reach yet: SSO is unavailable just now, password sign-in works', async () => {
    const run = startApi({
      DB_FILE: join(folder, 'ezy.sqlite'),
      OIDC_ISSUER: 'http://127.0.0.1:9',
      OIDC_CLIENT_ID: 'ezy-rewards',
    });
    const base = await started(run);
    expect(run.output()).toContain('single sign-on through http://127.0.0.1:9/');
    const post = (path: string, body: object) =>
      fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const sso = await post('/auth0/get/auth/url', {});
    expect(sso.status).toBe(503);
    expect(((await sso.json()) as { message: string }).message).toMatch(
      /^Single sign-on is unavailable just now/,
    );
    expect((await post('/session/login', { email: DEMO_EMAILS.rep, password: DEMO_PASSWORD })).status).toBe(
      200,
    );
  });
});

describe('the dev endpoints of node --import tsx server/src/main.ts', () => {
  it('are off with no variables set: /dev/outbox is a 404, and SSO without OIDC_ISSUER a 503 that says why', async () => {
    const run = startApi({ DB_FILE: join(folder, 'ezy.sqlite') });
    const base = await started(run);
    expect(run.output()).toContain('dev endpoints off');
    expect(run.output()).not.toContain('Dev endpoints on');

    const outbox = await fetch(`${base}/dev/outbox`);
    expect(outbox.status).toBe(404);
    expect(await outbox.json()).toEqual({ error: 'Not Found', message: 'No route GET /api/v1/dev/outbox.' });
    const sso = await fetch(`${base}/auth0/get/auth/url`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(sso.status).toBe(503);
    expect(((await sso.json()) as { message: string }).message).toBe(
      'Single sign-on is not set up on this server. Sign in with your e-mail address and password.',
    );
  });

  it('are on with DEV_ENDPOINTS=1 on loopback, and the start line says so', async () => {
    const run = startApi({ DB_FILE: join(folder, 'ezy.sqlite'), DEV_ENDPOINTS: '1' });
    const base = await started(run);
    expect(run.output()).toContain('dev endpoints ON');
    await expect
      .poll(run.output)
      .toContain(
        'Dev endpoints on (DEV_ENDPOINTS=1): /api/v1/dev/* serves the demo mailbox and test fixtures that ' +
          'make users with known passwords, to anyone who reaches this address.',
      );
    expect((await fetch(`${base}/dev/outbox`)).status).toBe(200);
  });

  describe('refuse to start, before the database is opened,', () => {
    const refused = async (env: Record<string, string>) => {
      const dbFile = join(folder, `refused-${Object.values(env).join('-')}.sqlite`);
      const run = startApi({ DB_FILE: dbFile, ...env });
      expect(await run.exited).toBe(1);
      expect(existsSync(dbFile)).toBe(false);
      return run.output();
    };

    it('when the API listens beyond loopback (API_HOST=0.0.0.0)', async () => {
      expect(await refused({ DEV_ENDPOINTS: '1', API_HOST: '0.0.0.0' })).toContain(
        'DEV_ENDPOINTS=1 is refused with API_HOST=0.0.0.0: the dev endpoints (the demo mailbox and test ' +
          'fixtures that make users with known passwords) run only on a loopback ' +
          'address (API_HOST 127.0.0.1, ::1 or localhost) and never with NODE_ENV=production. ' +
          'Set DEV_ENDPOINTS=0 to start without them.',
      );
    });

    it('with NODE_ENV=production, even on loopback', async () => {
      expect(await refused({ DEV_ENDPOINTS: 'yes', NODE_ENV: 'production' })).toContain(
        'DEV_ENDPOINTS=yes is refused with NODE_ENV=production:',
      );
    });

    it('when DEV_ENDPOINTS is neither on nor off', async () => {
      expect(await refused({ DEV_ENDPOINTS: 'maybe' })).toContain(
        'DEV_ENDPOINTS must be 1, true, yes or on to turn the dev endpoints on, or 0, false, no or off ' +
          '(or unset) to leave them off; got "maybe".',
      );
    });

    it('when an OIDC_* setting is wrong, naming the variable', async () => {
      expect(await refused({ OIDC_ISSUER: 'http://idp.example.com' })).toContain(
        'OIDC_ISSUER must use https (http only for a provider on loopback), got "http://idp.example.com".',
      );
      expect(await refused({ OIDC_ISSUER: 'https://idp.example.com' })).toContain(
        'OIDC_CLIENT_ID is required with OIDC_ISSUER',
      );
      expect(await refused({ OIDC_CLIENT_ID: 'ezy' })).toContain(
        'OIDC_CLIENT_ID is set but OIDC_ISSUER is not',
      );
      // Three servers started one after the other.
    }, 60_000);

    it('when PUSH_TEST_ORIGINS names a receiver beyond this machine', async () => {
      expect(await refused({ DEV_ENDPOINTS: '1', PUSH_TEST_ORIGINS: 'http://10.0.0.5:9666' })).toContain(
        'PUSH_TEST_ORIGINS takes http origins on this machine (http://127.0.0.1:PORT), comma-separated; ' +
          'got "http://10.0.0.5:9666".',
      );
    });
  });
});
