import type { ApiErrorBody, SessionInfo } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openDatabase } from '../db/open-database';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_USER_IDS } from '../seed/demo-logins';
import { seedDemoData } from '../seed/seed-database';
import { createTestApp, sessionCookieOf, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('POST /session/login', () => {
  it('signs a customer in, sets an HttpOnly SameSite=Lax session cookie and answers SessionInfo', async () => {
    const response = await t.post('/api/v1/session/login', {
      email: DEMO_EMAILS.customer,
      password: 'Demo-pass1!',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      role: 'customer',
      userid: DEMO_USER_IDS.customer,
      accountid: DEMO_ACCOUNT_IDS.customer,
    });
    const setCookie = String(response.headers['set-cookie']);
    expect(setCookie).toMatch(/^ezy_sid=[A-Za-z0-9_-]{43};/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
  });

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const response = await t.post('/api/v1/session/login', {
      email: '  Rep@Demo.TEST ',
      password: 'Demo-pass1!',
    });
    expect(response.json()).toEqual({ role: 'rep', userid: DEMO_USER_IDS.rep });
  });

  it('answers a wrong password with 400 (not 401, which the client treats as an ended session)', async () => {
    const response = await t.post('/api/v1/session/login', {
      email: DEMO_EMAILS.customer,
      password: 'Demo-pass2!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: 'Invalid email or password.' });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const response = await t.post('/api/v1/session/login', {
      email: 'nobody@demo.test',
      password: 'Demo-pass1!',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: 'Invalid email or password.' });
  });

  it('names the missing field', async () => {
    const response = await t.post('/api/v1/session/login', { email: DEMO_EMAILS.customer });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: 'password: Required' });
  });

  it('names a field of the wrong type', async () => {
    const response = await t.post('/api/v1/session/login', {
      email: DEMO_EMAILS.customer,
      password: 12345678,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(
      'password: Invalid input: expected string, received number',
    );
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "customer@demo.test",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: 'body: Malformed JSON' });
  });

  it('refuses a form-encoded body with 415 and a text body with 400', async () => {
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=customer%40demo.test&password=Demo-pass1!',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json<ApiErrorBody>().error).toBe('Unsupported Media Type');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      headers: { 'content-type': 'text/plain' },
      payload: '{"email":"customer@demo.test","password":"Demo-pass1!"}',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json<ApiErrorBody>().message).toBe('body: Invalid input: expected object, received string');
  });

  it('answers a missing body with 400', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/session/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: 'body: Required' });
  });

  it('answers a body that is not an object with 400', async () => {
    const response = await t.post('/api/v1/session/login', ['customer@demo.test']);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(
      'body: Invalid input: expected object, received array',
    );
  });
});

describe('GET /session/get and /session/logout', () => {
  it('is anonymous (200) without a cookie', async () => {
    const response = await t.get('/api/v1/session/get');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ role: 'anonymous', userid: '0' });
  });

  it('round-trips: login, session, logout, then anonymous with the same cookie', async () => {
    const cookie = await t.login(DEMO_EMAILS.rep);
    expect((await t.get('/api/v1/session/get', cookie)).json()).toEqual({
      role: 'rep',
      userid: DEMO_USER_IDS.rep,
    });

    const logout = await t.get('/api/v1/session/logout', cookie);
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ ok: true });
    expect(logout.headers['clear-site-data']).toBe('"cache", "storage"');
    expect(String(logout.headers['set-cookie'])).toMatch(
      /^ezy_sid=; Max-Age=0;|^ezy_sid=;.*Expires=Thu, 01 Jan 1970/,
    );

    expect((await t.get('/api/v1/session/get', cookie)).json()).toEqual({ role: 'anonymous', userid: '0' });
    expect((await t.post('/api/v1/user/get', { ids: [DEMO_USER_IDS.rep] }, cookie)).statusCode).toBe(401);
  });

  it('logs out successfully when not signed in', async () => {
    const response = await t.get('/api/v1/session/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
  });

  it('expires a session after 12 idle hours and clears its cookie', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const start = t.clock.now;
    try {
      t.clock.now = start + 11 * 60 * 60 * 1000;
      expect((await t.get('/api/v1/session/get', cookie)).json<SessionInfo>().role).toBe('customer');
      // Sliding: 11 h after the last request the session is still alive, 23 h after sign-in.
      t.clock.now = start + 22 * 60 * 60 * 1000;
      expect((await t.get('/api/v1/session/get', cookie)).json<SessionInfo>().role).toBe('customer');
      t.clock.now = start + 35 * 60 * 60 * 1000;
      const expired = await t.get('/api/v1/session/get', cookie);
      expect(expired.json()).toEqual({ role: 'anonymous', userid: '0' });
      expect(String(expired.headers['set-cookie'])).toMatch(/^ezy_sid=;/);
    } finally {
      t.clock.now = start;
    }
  });

  it('ignores a forged session cookie', async () => {
    const response = await t.get('/api/v1/session/get', 'ezy_sid=not-a-real-session');
    expect(response.json()).toEqual({ role: 'anonymous', userid: '0' });
  });

  it('replaces the previous session when signing in again with its cookie', async () => {
    const first = await t.login(DEMO_EMAILS.customer);
    const second = await t.post(
      '/api/v1/session/login',
      { email: DEMO_EMAILS.rep, password: 'Demo-pass1!' },
      first,
    );
    const secondCookie = sessionCookieOf(second);
    expect((await t.get('/api/v1/session/get', first)).json<SessionInfo>().role).toBe('anonymous');
    expect((await t.get('/api/v1/session/get', secondCookie)).json<SessionInfo>().role).toBe('rep');
  });
});

describe('errors', () => {
  it('answers an unknown /api/v1 route with JSON 404', async () => {
    const response = await t.get('/api/v1/no/such/call?x=1');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: 'Not Found', message: 'No route GET /api/v1/no/such/call.' });
  });

  it('answers 401 on a protected call when signed out', async () => {
    const response = await t.get('/api/v1/account/get?ids=G100001');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'Unauthorized', message: 'Please sign in to continue.' });
  });

  it('answers 403 for the wrong role', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await t.post('/api/v1/account/search', {}, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Forbidden', message: 'Only reps can do this.' });
  });

  it('marks API answers no-store', async () => {
    expect((await t.get('/api/v1/session/get')).headers['cache-control']).toBe('no-store');
  });
});

describe('secure cookies', () => {
  it('adds Secure to the session cookie when asked (production)', async () => {
    const db = openDatabase(':memory:');
    await seedDemoData(db, { now: Date.now(), volumeAccounts: 0 });
    const app = await buildApp({ db, devEndpoints: false, secureCookies: true });
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      payload: { email: DEMO_EMAILS.customer, password: 'Demo-pass1!' },
    });
    expect(String(response.headers['set-cookie'])).toContain('Secure');
    await app.close();
  });
});
