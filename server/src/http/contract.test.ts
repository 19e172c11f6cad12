import { API_CONTRACT } from '@promo/domain/api/api-contract';
import cookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/open-database';
import { seedDemoData } from '../seed/seed-database';
import { DEMO_EMAILS } from '../seed/demo-logins';
import { createTestApp, TEST_NOW } from '../test-support/test-app';
import { createContext } from './app-context';
import { API_PREFIX, contractBody, enforceContract, servedApiRoutes } from './contract';

/**
 * The /api/v1 routes the app does not call through the http client, each with its reason: they are
 * outside the table on purpose, and a new route must join one list or the other.
 */
const OUTSIDE_THE_TABLE = [
  // Images are read by <img>, not as JSON.
  'GET /file/image/:id',
  // The release beacon has its own schema (@promo/domain/release-health/release-report.schema.ts).
  'POST /telemetry',
  // The e-mail's unsubscribe link, opened from a mail client, and its one-click form (RFC 8058).
  'GET /notifications/email/unsubscribe',
  'POST /notifications/email/unsubscribe',
  // Routes of the original API that only back-office tools call.
  'POST /promotion/search',
  'POST /user/update',
];

const apps: { close: () => Promise<unknown> }[] = [];

/** The context of an app built by hand; its database closes with the test's apps. */
function bareContext() {
  const db = openDatabase(':memory:');
  apps.push({ close: async () => db.close() });
  return createContext({ db, now: () => TEST_NOW, devEndpoints: false });
}

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

describe('the /api/v1 contract (@promo/domain/api/api-contract.ts)', () => {
  it('names every route the server serves, and only those, with nothing left unaccounted for', async () => {
    const db = openDatabase(':memory:');
    await seedDemoData(db, { now: TEST_NOW, volumeAccounts: 0 });
    const app = await buildApp({
      db,
      now: () => TEST_NOW,
      devEndpoints: false,
      publicOrigin: 'http://shell.test',
    });
    apps.push(app);
    await app.ready();
    const served = [...new Set(servedApiRoutes(app))].sort();
    expect(Object.keys(API_CONTRACT).filter((route) => !served.includes(route))).toEqual([]);
    expect(served.filter((route) => !(route in API_CONTRACT) && !OUTSIDE_THE_TABLE.includes(route))).toEqual(
      [],
    );
  });

  it('answers a 500 naming the route and the field when a handler strays from its answer schema', async () => {
    const app = Fastify();
    apps.push(app);
    enforceContract(app, bareContext());
    await app.register(
      async (api) => {
        api.get('/session/get', async () => ({ role: 'owner', userid: '7' }));
        api.get('/session/logout', async () => ({ ok: true }));
      },
      { prefix: API_PREFIX },
    );
    const strayed = await app.inject({ method: 'GET', url: `${API_PREFIX}/session/get` });
    expect(strayed.statusCode).toBe(500);
    expect(strayed.json<{ message: string }>().message).toMatch(
      /^GET \/session\/get answered off the contract: role: /,
    );
    const kept = await app.inject({ method: 'GET', url: `${API_PREFIX}/session/logout` });
    expect(kept.json()).toEqual({ ok: true });
  });

  it('refuses a handler that reads another route’s body, whatever the body', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(
      async (api) => {
        api.post('/audit/log', async (request) => contractBody(request, 'POST /account/search'));
      },
      { prefix: API_PREFIX },
    );
    const answer = await app.inject({ method: 'POST', url: `${API_PREFIX}/audit/log`, payload: {} });
    expect(answer.statusCode).toBe(500);
    expect(answer.json<{ message: string }>().message).toBe(
      'The handler of POST /audit/log reads the contract of POST /account/search.',
    );
  });

  it('holds a handler that forgets to ask who is calling to its entry', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(cookie);
    enforceContract(app, bareContext());
    await app.register(
      async (api) => {
        api.post('/account/search', async () => ({ items: [], total: 0 }));
      },
      { prefix: API_PREFIX },
    );
    const answer = await app.inject({ method: 'POST', url: `${API_PREFIX}/account/search`, payload: {} });
    expect(answer.statusCode).toBe(401);
  });

  it('reads a HEAD as its GET: refused signed out, answered without a body signed in', async () => {
    const { app, login } = await createTestApp();
    apps.push(app);
    const cookie = await login(DEMO_EMAILS.customer);
    const head = (url: string, headers = {}) =>
      app.inject({ method: 'HEAD', url: `${API_PREFIX}${url}`, headers });
    expect((await head('/notifications/preferences')).statusCode).toBe(401);
    const answered = await head('/notifications/preferences', { cookie });
    expect(answered.statusCode).toBe(200);
    expect(answered.body).toBe('');
    expect((await head('/promotion/get', { cookie })).statusCode).toBe(200);
  });
});
