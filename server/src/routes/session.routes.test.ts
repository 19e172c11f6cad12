import type { ApiErrorBody, SessionInfo } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { hashPassword } from '../auth/password-hash';
import { openDatabase } from '../db/open-database';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_USER_IDS } from '../seed/demo-logins';
import { seedDemoData } from '../seed/seed-database';
import { createTestApp, sessionCookieOf, TEST_ORIGIN, type TestApp } from '../test-support/test-app';

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

  describe('an address that is not yet verified', () => {
    const email = 'aroha@kahikatea.test';
    const login = (password: string, address = email) =>
      t.post('/api/v1/session/login', { email: address, password });
    const answer = (response: Awaited<ReturnType<typeof login>>) => ({
      status: response.statusCode,
      body: response.json<ApiErrorBody>(),
      setCookie: response.headers['set-cookie'],
    });

    beforeAll(async () => {
      const invited = await t.post('/api/v1/dev/invitations', {
        customerID: DEMO_ACCOUNT_IDS.customer,
        email,
      });
      expect(invited.statusCode, invited.body).toBe(200);
      const signedUp = await t.post('/api/v1/user/signup', {
        firstname: 'Aroha',
        surname: 'Ngata',
        email,
        customerID: DEMO_ACCOUNT_IDS.customer,
      });
      expect(signedUp.statusCode, signedUp.body).toBe(200);
    });

    it('answers any password, before a password is set, exactly as for an unknown address', async () => {
      const unknown = answer(await login('Demo-pass1!', 'nobody.else@kahikatea.test'));
      expect(unknown).toEqual({
        status: 400,
        body: { error: 'Bad Request', message: 'Invalid email or password.' },
        setCookie: undefined,
      });
      expect(answer(await login('Demo-pass1!'))).toEqual(unknown);
    });

    it('answers a wrong password as for an unknown address, and only the right one with "please verify"', async () => {
      const passwordHash = await hashPassword('Right-pass1!');
      t.db
        .prepare('UPDATE users SET password_hash = ?, verified = 0 WHERE email = ?')
        .run(passwordHash, email);
      const unknown = answer(await login('Wrong-pass1!', 'nobody.else@kahikatea.test'));
      expect(answer(await login('Wrong-pass1!'))).toEqual(unknown);

      const right = await login('Right-pass1!');
      expect(right.statusCode).toBe(400);
      expect(right.json()).toEqual({
        error: 'Bad Request',
        message: 'Please verify your email address and set a password before signing in.',
      });
      expect(right.headers['set-cookie']).toBeUndefined();
    });
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

  describe('from another site', () => {
    const logout = (cookie: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/v1/session/logout', headers: { cookie, ...headers } });
    /** What a browser sends when another site's link is followed. */
    const NAVIGATION = { 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' };

    it('does not end the session when it is a cross-site navigation, and lands on the app', async () => {
      const cookie = await t.login(DEMO_EMAILS.rep);
      const response = await logout(cookie, { ...NAVIGATION, 'sec-fetch-site': 'cross-site' });
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`${TEST_ORIGIN}/`);
      expect(response.headers['set-cookie']).toBeUndefined();
      expect(response.headers['clear-site-data']).toBeUndefined();
      expect((await t.get('/api/v1/session/get', cookie)).json()).toEqual({
        role: 'rep',
        userid: DEMO_USER_IDS.rep,
      });
    });

    it('ends nothing for a same-site page, another Origin or an image either', async () => {
      const cookie = await t.login(DEMO_EMAILS.customer);
      for (const headers of [
        { ...NAVIGATION, 'sec-fetch-site': 'same-site' } as Record<string, string>,
        { origin: 'https://evil.test', 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'cors' },
        { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' },
      ]) {
        const response = await logout(cookie, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(303);
        expect(response.headers['clear-site-data']).toBeUndefined();
      }
      expect((await t.get('/api/v1/session/get', cookie)).json<SessionInfo>().role).toBe('customer');
    });

    it("still signs out the app's own call, a typed address or bookmark, and a call without those headers", async () => {
      for (const headers of [
        { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' } as Record<
          string,
          string
        >,
        { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
        { ...NAVIGATION, 'sec-fetch-site': 'none' },
        {},
      ]) {
        const cookie = await t.login(DEMO_EMAILS.rep);
        const response = await logout(cookie, headers);
        expect(response.statusCode, JSON.stringify(headers)).toBe(200);
        expect(response.json()).toEqual({ ok: true });
        expect(response.headers['clear-site-data']).toBe('"cache", "storage"');
        expect((await t.get('/api/v1/session/get', cookie)).json()).toEqual({
          role: 'anonymous',
          userid: '0',
        });
      }
    });
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

  /** A sign-in as the shell's host forwards it, `proto` naming how the browser reached it. */
  const signInOver = (proto: string, remoteAddress?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      payload: { email: DEMO_EMAILS.rep, password: 'Demo-pass1!' },
      headers: { 'x-forwarded-proto': proto },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('adds Secure whenever the browser came over TLS, as the trusted proxy says', async () => {
    const overTls = await signInOver('https');
    expect(overTls.statusCode).toBe(200);
    expect(String(overTls.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
    expect(String((await signInOver('http')).headers['set-cookie'])).not.toContain('Secure');
  });

  it('adds Secure to the cookie that clears an ended session over TLS', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session/get',
      headers: { cookie: 'ezy_sid=not-a-real-session', 'x-forwarded-proto': 'https' },
    });
    expect(String(response.headers['set-cookie'])).toMatch(/^ezy_sid=;.*; Secure(;|$)/);
  });

  it('does not believe X-Forwarded-Proto from a client that is not the proxy', async () => {
    const response = await signInOver('https', '203.0.113.50');
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['set-cookie'])).not.toContain('Secure');
  });
});

describe('throttling of password sign-in', () => {
  const LOGIN = '/api/v1/session/login';
  const MINUTE = 60_000;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.app.close();
  });

  /** A sign-in from `address` as the local proxy reports it (X-Forwarded-For from loopback). */
  const signIn = (email: string, password: string, address = '198.51.100.1', remoteAddress?: string) =>
    app.app.inject({
      method: 'POST',
      url: LOGIN,
      payload: { email, password },
      headers: { 'x-forwarded-for': address },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  /** Everything an answer tells the client, apart from its date. */
  const answerOf = (response: Awaited<ReturnType<typeof signIn>>) => {
    const headers = { ...response.headers };
    delete headers.date;
    return { status: response.statusCode, body: response.body, headers };
  };

  it('refuses the sixth attempt after five failures for one account with 429, Retry-After and a reason, until the minute is over', async () => {
    const start = app.clock.now;
    try {
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        const failed = await signIn(DEMO_EMAILS.challenged, 'Wrong-pass1!');
        expect(failed.statusCode, `attempt ${attempt}`).toBe(400);
        expect(failed.headers['retry-after']).toBeUndefined();
      }
      // Refused before the password is looked at: the right one is refused too.
      const refused = await signIn(DEMO_EMAILS.challenged, 'Demo-pass1!');
      expect(refused.statusCode).toBe(429);
      expect(refused.headers['retry-after']).toBe('60');
      expect(refused.json()).toEqual({
        error: 'Too Many Requests',
        message: 'Too many sign-in attempts. Try again in 1 minute.',
      });
      expect(refused.headers['set-cookie']).toBeUndefined();

      app.clock.now = start + 45_000;
      const later = await signIn(DEMO_EMAILS.challenged, 'Demo-pass1!');
      expect(later.statusCode).toBe(429);
      expect(later.headers['retry-after']).toBe('15');

      app.clock.now = start + MINUTE;
      expect((await signIn(DEMO_EMAILS.challenged, 'Demo-pass1!')).statusCode).toBe(200);
    } finally {
      app.clock.now = start;
    }
  });

  it("a successful sign-in starts the account's count afresh", async () => {
    for (let attempt = 1; attempt <= 4; attempt += 1)
      expect((await signIn(DEMO_EMAILS.unconfirmed, 'Wrong-pass1!')).statusCode).toBe(400);
    expect((await signIn(DEMO_EMAILS.unconfirmed, 'Demo-pass1!')).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1)
      expect((await signIn(DEMO_EMAILS.unconfirmed, 'Wrong-pass1!')).statusCode, `attempt ${attempt}`).toBe(
        400,
      );
    expect((await signIn(DEMO_EMAILS.unconfirmed, 'Wrong-pass1!')).statusCode).toBe(429);
  });

  it('answers an unknown account exactly as a known one, attempt by attempt, and counts it the same', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let attempt = 1; attempt <= 7; attempt += 1) {
      known.push(answerOf(await signIn(DEMO_EMAILS.repNorth, 'Wrong-pass1!')));
      unknown.push(answerOf(await signIn('Nobody.Here@Demo.test', 'Wrong-pass1!')));
    }
    expect(unknown).toEqual(known);
    expect(known.map((answer) => (answer as { status: number }).status)).toEqual([
      400, 400, 400, 400, 400, 429, 429,
    ]);
  });

  it('counts the e-mail as the user store looks it up: case and spaces do not make a new account', async () => {
    const spellings = ['rep@demo.test', 'REP@demo.test', ' Rep@Demo.Test ', 'rep@DEMO.TEST', 'rEp@demo.test'];
    for (const spelling of spellings) expect((await signIn(spelling, 'Wrong-pass1!')).statusCode).toBe(400);
    expect((await signIn('Rep@demo.test', 'Wrong-pass1!')).statusCode).toBe(429);
  });

  it('lets at most five of many guesses sent at once be checked', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => signIn('parallel.guess@demo.test', 'Wrong-pass1!', '198.51.100.2')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(5).fill(400), ...Array<number>(7).fill(429)]);
  });
});

describe('throttling of password sign-in per client address', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ throttle: { signInPerAddress: { max: 3, windowMs: 15 * 60_000 } } });
  });
  afterAll(async () => {
    await app.app.close();
  });

  const signIn = (email: string, password: string, headers: Record<string, string>, remoteAddress?: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      payload: { email, password },
      headers,
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  it('refuses an address after its failures, whatever the account, and only that address', async () => {
    const from = { 'x-forwarded-for': '203.0.113.10' };
    for (const email of ['one@demo.test', 'two@demo.test', 'three@demo.test'])
      expect((await signIn(email, 'Wrong-pass1!', from)).statusCode).toBe(400);
    const refused = await signIn('four@demo.test', 'Wrong-pass1!', from);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json()).toEqual({
      error: 'Too Many Requests',
      message: 'Too many sign-in attempts. Try again in 15 minutes.',
    });
    expect(
      (await signIn('four@demo.test', 'Wrong-pass1!', { 'x-forwarded-for': '203.0.113.11' })).statusCode,
    ).toBe(400);
  });

  it('does not count successful sign-ins: the failures after them still have the whole limit', async () => {
    const from = { 'x-forwarded-for': '203.0.113.20' };
    for (let attempt = 1; attempt <= 6; attempt += 1)
      expect((await signIn(DEMO_EMAILS.customer, 'Demo-pass1!', from)).statusCode).toBe(200);
    for (const email of ['one@demo.test', 'two@demo.test', 'three@demo.test'])
      expect((await signIn(email, 'Wrong-pass1!', from)).statusCode).toBe(400);
    expect((await signIn('four@demo.test', 'Wrong-pass1!', from)).statusCode).toBe(429);
  });

  it('reads an IPv4 address written as IPv6 as that IPv4 address', async () => {
    expect(
      (await signIn('one@demo.test', 'Wrong-pass1!', { 'x-forwarded-for': '::ffff:203.0.113.60' }))
        .statusCode,
    ).toBe(400);
    expect(
      (await signIn('two@demo.test', 'Wrong-pass1!', { 'x-forwarded-for': '::ffff:cb00:713c' })).statusCode,
    ).toBe(400);
    expect(
      (await signIn('three@demo.test', 'Wrong-pass1!', { 'x-forwarded-for': '203.0.113.60' })).statusCode,
    ).toBe(400);
    expect(
      (await signIn('four@demo.test', 'Wrong-pass1!', { 'x-forwarded-for': '203.0.113.60' })).statusCode,
    ).toBe(429);
  });

  it('believes X-Forwarded-For only from a loopback proxy: a remote client cannot change its address', async () => {
    for (const claimed of ['192.0.2.1', '192.0.2.2', '192.0.2.3'])
      expect(
        (await signIn('spoof@demo.test', 'Wrong-pass1!', { 'x-forwarded-for': claimed }, '203.0.113.30'))
          .statusCode,
      ).toBe(400);
    const refused = await signIn(
      'spoof@demo.test',
      'Wrong-pass1!',
      { 'x-forwarded-for': '192.0.2.4' },
      '203.0.113.30',
    );
    expect(refused.statusCode).toBe(429);
  });
});

describe('throttling of password sign-in: it stops guessing, not offices', () => {
  const MINUTE = 60_000;
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.app.close();
  });

  const signIn = (email: string, password: string, address: string) =>
    app.app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      payload: { email, password },
      headers: { 'x-forwarded-for': address },
    });

  /** How many answers had each status. */
  const tally = (answers: readonly { statusCode: number }[]) => {
    const counts: Record<number, number> = {};
    for (const { statusCode } of answers) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
    return counts;
  };

  /** `times` sign-ins sent at once. */
  const burst = (times: number, send: (index: number) => ReturnType<typeof signIn>) =>
    Promise.all(Array.from({ length: times }, (_, index) => send(index)));

  it('counts every /64 inside one /56 as one client', async () => {
    const answers = [];
    for (let index = 0; index < 80; index += 1) {
      const subnet = index.toString(16).padStart(2, '0');
      answers.push(await signIn(`guess${index}@demo.test`, 'Wrong-pass1!', `2001:db8:ab:cd${subnet}::1`));
    }
    expect(tally(answers)).toEqual({ 400: 50, 429: 30 });
    expect((await signIn('guess80@demo.test', 'Wrong-pass1!', '2001:db8:ab:ce00::1')).statusCode).toBe(400);
  });

  it("lets another account's right password through from an address where one account is under a burst", async () => {
    const address = '198.51.100.40';
    const answers = [];
    // One person's script: twenty sign-ins at once to one account, with its right password, again and again.
    for (let round = 0; round < 20; round += 1)
      answers.push(...(await burst(20, () => signIn(DEMO_EMAILS.customer, 'Demo-pass1!', address))));
    const { 200: signedIn = 0, 429: refused = 0, ...others } = tally(answers);
    expect(others).toEqual({});
    expect(signedIn).toBeGreaterThanOrEqual(20);
    // More refusals than the address's limit: counted against it, they would refuse the colleague.
    expect(refused).toBeGreaterThan(50);

    const colleague = await signIn(DEMO_EMAILS.rep, 'Demo-pass1!', address);
    expect(colleague.statusCode, colleague.body).toBe(200);
  });

  it('keeps a guess at one account, however long, from locking the others at its address out', async () => {
    const address = '198.51.100.41';
    const start = app.clock.now;
    try {
      for (let minute = 0; minute < 15; minute += 1) {
        app.clock.now = start + minute * MINUTE;
        const answers = await burst(20, () => signIn(DEMO_EMAILS.challenged, 'Wrong-pass1!', address));
        expect(tally(answers), `minute ${minute}`).toEqual({ 400: 5, 429: 15 });
      }
      // The account guessed is refused, even its right password, for the rest of its minute…
      const owner = await signIn(DEMO_EMAILS.challenged, 'Demo-pass1!', address);
      expect(owner.statusCode).toBe(429);
      expect(owner.headers['retry-after']).toBe('60');
      // …and nobody else at its address is.
      expect((await signIn(DEMO_EMAILS.rep, 'Demo-pass1!', address)).statusCode).toBe(200);
      expect((await signIn('someone.new@demo.test', 'Wrong-pass1!', address)).statusCode).toBe(400);
    } finally {
      app.clock.now = start;
    }
  });

  it('still stops one address guessing many accounts, one guess each or five', async () => {
    const sequential = [];
    for (let account = 0; account < 12; account += 1)
      for (let guess = 0; guess < 5; guess += 1)
        sequential.push(await signIn(`staff${account}@demo.test`, `Wrong-pass${guess}!`, '198.51.100.42'));
    expect(tally(sequential)).toEqual({ 400: 50, 429: 10 });
    // Nobody is checked from an address over its limit, the right password neither: telling the two
    // apart would answer the guesses.
    expect((await signIn(DEMO_EMAILS.rep, 'Demo-pass1!', '198.51.100.42')).statusCode).toBe(429);
    expect((await signIn(DEMO_EMAILS.rep, 'Demo-pass1!', '198.51.100.43')).statusCode).toBe(200);

    const atOnce = await burst(60, (index) =>
      signIn(`spray${index}@demo.test`, 'Wrong-pass1!', '198.51.100.44'),
    );
    expect(tally(atOnce)).toEqual({ 400: 50, 429: 10 });
  });
});
