import type { ApiErrorBody, SessionInfo } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../outbox/outbox-store';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_USER_IDS } from '../seed/demo-logins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const PASSWORD_RULE =
  'password: Password must be at least 8 characters and include at least one letter, one number and one non-alphanumeric character.';

async function outbox(to: string): Promise<OutboxMessage[]> {
  const response = await t.get(`/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
  expect(response.statusCode).toBe(200);
  return response.json<OutboxMessage[]>();
}

function linkParams(message: OutboxMessage | undefined): URLSearchParams {
  return new URL(message?.links[0] ?? 'http://missing').searchParams;
}

function signup(email: string, overrides: Record<string, unknown> = {}) {
  return t.post('/api/v1/user/signup', {
    firstname: 'Hine',
    surname: 'Tāwhiao',
    email,
    customerID: DEMO_ACCOUNT_IDS.customer.toLowerCase(),
    ...overrides,
  });
}

async function invite(email: string, customerID: string = DEMO_ACCOUNT_IDS.customer) {
  const response = await t.post('/api/v1/dev/invitations', { customerID, email });
  expect(response.statusCode, response.body).toBe(200);
}

describe('signup, verify e-mail, set password, login', () => {
  it('runs the whole flow through the outbox', async () => {
    const email = 'hine@kahikatea.test';
    await invite(email);
    const created = await signup(email);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ ok: true });

    // Not verified and without a password: no sign-in yet, answered as for an unknown address.
    const early = await t.post('/api/v1/session/login', { email, password: 'anything-1!' });
    expect(early.json<ApiErrorBody>().message).toBe('Invalid email or password.');

    const [message] = await outbox(email);
    expect(message?.subject).toBe('Verify your email address for Ezy Rewards');
    expect(message?.links[0]).toMatch(
      new RegExp(`^${TEST_ORIGIN}/verify-email\\?hash=[\\w-]+&phash=[\\w-]+&email=hine%40kahikatea\\.test$`),
    );
    expect(message?.paths[0]).toBe(message?.links[0]?.slice(TEST_ORIGIN.length));
    expect(message?.text).toContain(message?.links[0]);
    const params = linkParams(message);
    const hash = params.get('hash') as string;
    const phash = params.get('phash') as string;

    const verified = await t.post('/api/v1/user/verify/email', { email, hash });
    expect(verified.json()).toEqual({ verified: true, alreadyVerified: false });
    // The page calls again on reload: already verified is a success.
    const again = await t.post('/api/v1/user/verify/email', { email, hash });
    expect(again.json()).toEqual({ verified: true, alreadyVerified: true });

    const weak = await t.post('/api/v1/user/reset/password', { email, hash: phash, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json<ApiErrorBody>().message).toBe(PASSWORD_RULE);

    const set = await t.post('/api/v1/user/reset/password', {
      email,
      hash: phash,
      password: 'Kahikatea-2025',
    });
    expect(set.json()).toEqual({ ok: true });

    const login = await t.post('/api/v1/session/login', { email, password: 'Kahikatea-2025' });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ role: 'customer', accountid: DEMO_ACCOUNT_IDS.customer });

    // The phash is single-use.
    const reuse = await t.post('/api/v1/user/reset/password', {
      email,
      hash: phash,
      password: 'Another-pass9',
    });
    expect(reuse.json<ApiErrorBody>().message).toBe(
      'This password link is not valid or has already been used.',
    );
  });

  it('validates the e-mail format and required names', async () => {
    expect((await signup('not-an-email')).json<ApiErrorBody>().message).toBe('email: Incorrect email format');
    expect((await signup('x@y.toolong')).json<ApiErrorBody>().message).toBe('email: Incorrect email format');
    expect((await signup('a@b.co', { firstname: '   ' })).json<ApiErrorBody>().message).toBe(
      'firstname: Required',
    );
    expect((await signup('a@b.co', { customerID: undefined })).json<ApiErrorBody>().message).toBe(
      'customerID: Required',
    );
  });

  it('rejects a wrong verification hash', async () => {
    const response = await t.post('/api/v1/user/verify/email', {
      email: DEMO_EMAILS.customer,
      hash: 'wrong',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('This verification link is not valid.');
  });

  it('rejects a verification link after 24 hours', async () => {
    const email = 'late.verifier@demo.test';
    await invite(email);
    await signup(email);
    const hash = linkParams((await outbox(email))[0]).get('hash');
    const start = t.clock.now;
    t.clock.now = start + 25 * 60 * 60 * 1000;
    try {
      const response = await t.post('/api/v1/user/verify/email', { email, hash });
      expect(response.json<ApiErrorBody>().message).toBe('This verification link has expired.');
    } finally {
      t.clock.now = start;
    }
  });
});

describe('registration by invitation only', () => {
  /** Everything a client could compare between two answers. */
  async function answerOf(response: Awaited<ReturnType<typeof signup>>) {
    return { status: response.statusCode, type: response.headers['content-type'], body: response.body };
  }
  async function userCountFor(email: string): Promise<number> {
    const row = t.db.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').get(email.toLowerCase()) as {
      n: number;
    };
    return row.n;
  }

  it('creates no user and sends no mail for an existing customer ID with an address not invited for it', async () => {
    const valid = 'valid.invitee@demo.test';
    await invite(valid);
    const expected = await answerOf(await signup(valid));

    const attacker = 'eve@attacker.test';
    const taken = await signup(attacker, { customerID: 'g100001' });
    expect(await answerOf(taken)).toEqual(expected);
    expect(await userCountFor(attacker)).toBe(0);
    expect(await outbox(attacker)).toEqual([]);
    const login = await t.post('/api/v1/session/login', { email: attacker, password: 'anything-1!' });
    expect(login.json<ApiErrorBody>().message).toBe('Invalid email or password.');
  });

  it('answers an unknown customer ID, an address invited for another account and a registered address alike', async () => {
    const reference = await answerOf(await signup('someone.new@demo.test', { customerID: 'G999999' }));
    await invite('other.account@demo.test', DEMO_ACCOUNT_IDS.unconfirmed);
    const otherAccount = await signup('other.account@demo.test');
    const registered = await signup('Customer@Demo.Test');
    await invite(DEMO_EMAILS.challenged);
    const registeredAndInvited = await signup(DEMO_EMAILS.challenged);
    for (const response of [otherAccount, registered, registeredAndInvited])
      expect(await answerOf(response)).toEqual(reference);
    expect(reference).toMatchObject({ status: 200, body: JSON.stringify({ ok: true }) });
    expect(await userCountFor('someone.new@demo.test')).toBe(0);
    expect(await userCountFor('other.account@demo.test')).toBe(0);
    expect(await outbox('other.account@demo.test')).toHaveLength(1); // the invitation itself only
    expect(await outbox(DEMO_EMAILS.customer)).toEqual([]);
    expect((await outbox(DEMO_EMAILS.challenged)).map((mail) => mail.subject)).toEqual([
      'You are invited to Ezy Rewards',
    ]);
  });

  it('lets the invited address register for that account only, once, and see only that account', async () => {
    const email = 'tui.invited@demo.test';
    await invite(email, DEMO_ACCOUNT_IDS.unconfirmed);
    const [invitation] = await outbox(email);
    expect(invitation?.paths[0]).toBe(
      `/register?customerID=${DEMO_ACCOUNT_IDS.unconfirmed}&email=tui.invited%40demo.test`,
    );

    await signup(email, { customerID: DEMO_ACCOUNT_IDS.unconfirmed.toLowerCase() });
    // Asking again before verifying sends the link again (a lost e-mail); nothing else changes.
    await signup(email, { customerID: DEMO_ACCOUNT_IDS.unconfirmed, firstname: 'Other' });
    const mails = (await outbox(email)).filter((mail) => mail.subject.startsWith('Verify'));
    expect(mails).toHaveLength(2);
    expect(await userCountFor(email)).toBe(1);

    const phash = linkParams(mails[0]).get('phash');
    const set = await t.post('/api/v1/user/reset/password', {
      email,
      hash: phash,
      password: 'Tui-invited-1',
    });
    expect(set.statusCode, set.body).toBe(200);
    const cookie = await t.login(email, 'Tui-invited-1');
    const session = await t.get('/api/v1/session/get', cookie);
    expect(session.json<SessionInfo>()).toMatchObject({
      role: 'customer',
      accountid: DEMO_ACCOUNT_IDS.unconfirmed,
    });
    expect((await t.get(`/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.unconfirmed}`, cookie)).statusCode).toBe(
      200,
    );
    expect((await t.get(`/api/v1/account/get?ids=${DEMO_ACCOUNT_IDS.customer}`, cookie)).statusCode).toBe(
      403,
    );

    // Verified: the used invitation mails nothing more.
    await signup(email, { customerID: DEMO_ACCOUNT_IDS.unconfirmed });
    expect((await outbox(email)).filter((mail) => mail.subject.startsWith('Verify'))).toHaveLength(2);
  });

  it('ignores an invitation past its 30 days', async () => {
    const email = 'slow.invitee@demo.test';
    await invite(email);
    const start = t.clock.now;
    t.clock.now = start + 31 * 24 * 60 * 60 * 1000;
    try {
      expect((await signup(email)).json()).toEqual({ ok: true });
      expect(await userCountFor(email)).toBe(0);
    } finally {
      t.clock.now = start;
    }
  });

  it('issues invitations only for existing accounts (development endpoint)', async () => {
    const response = await t.post('/api/v1/dev/invitations', { customerID: 'G999999', email: 'a@b.co' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('customerID: No account G999999');
  });
});

describe('forgot and reset password', () => {
  it('always answers ok and mails a reset link only to a known user', async () => {
    const unknown = await t.post('/api/v1/user/forgot/password', { email: 'ghost@demo.test' });
    expect(unknown.json()).toEqual({ ok: true });
    expect(await outbox('ghost@demo.test')).toEqual([]);

    const known = await t.post('/api/v1/user/forgot/password', { email: DEMO_EMAILS.challenged });
    expect(known.json()).toEqual({ ok: true });
    const [message] = await outbox(DEMO_EMAILS.challenged);
    expect(message?.subject).toBe('Reset your Ezy Rewards password');
    expect(message?.links[0]).toMatch(
      new RegExp(`^${TEST_ORIGIN}/reset-password\\?hash=[\\w-]+&email=challenged%40demo\\.test$`),
    );
  });

  it('resets the password once, signs out existing sessions and lets the new password in', async () => {
    const email = DEMO_EMAILS.unconfirmed;
    const oldSession = await t.login(email);
    await t.post('/api/v1/user/forgot/password', { email });
    const hash = linkParams((await outbox(email))[0]).get('hash');

    const reset = await t.post('/api/v1/user/reset/password', { email, hash, password: 'Ruapehu#2025' });
    expect(reset.json()).toEqual({ ok: true });
    expect((await t.get('/api/v1/session/get', oldSession)).json<SessionInfo>().role).toBe('anonymous');
    expect((await t.post('/api/v1/session/login', { email, password: 'Demo-pass1!' })).statusCode).toBe(400);
    expect((await t.post('/api/v1/session/login', { email, password: 'Ruapehu#2025' })).statusCode).toBe(200);

    const again = await t.post('/api/v1/user/reset/password', { email, hash, password: 'Ruapehu#2026' });
    expect(again.statusCode).toBe(400);
    expect(again.json<ApiErrorBody>().message).toBe(
      'This password link is not valid or has already been used.',
    );
  });

  it('rejects a reset token of another user', async () => {
    await t.post('/api/v1/user/forgot/password', { email: DEMO_EMAILS.repNorth });
    const hash = linkParams((await outbox(DEMO_EMAILS.repNorth))[0]).get('hash');
    const response = await t.post('/api/v1/user/reset/password', {
      email: DEMO_EMAILS.rep,
      hash,
      password: 'Hijack-123',
    });
    expect(response.json<ApiErrorBody>().message).toBe(
      'This password link is not valid or has already been used.',
    );
  });

  it('rejects a reset link after 24 hours', async () => {
    await t.post('/api/v1/user/forgot/password', { email: DEMO_EMAILS.repNorth });
    const hash = linkParams((await outbox(DEMO_EMAILS.repNorth))[0]).get('hash');
    const start = t.clock.now;
    t.clock.now = start + 24 * 60 * 60 * 1000 + 1;
    try {
      const response = await t.post('/api/v1/user/reset/password', {
        email: DEMO_EMAILS.repNorth,
        hash,
        password: 'Northland-1',
      });
      expect(response.json<ApiErrorBody>().message).toBe(
        'This password link has expired. Please request a new one.',
      );
    } finally {
      t.clock.now = start;
    }
  });

  it.each([
    ['Short1!', 'too short'],
    ['12345678!', 'no letter'],
    ['Password!', 'no digit'],
    ['Password1', 'no symbol'],
  ])('rejects %s (%s) with the password rule', async (password) => {
    const response = await t.post('/api/v1/user/reset/password', {
      email: DEMO_EMAILS.rep,
      hash: 'x',
      password,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(PASSWORD_RULE);
  });
});

describe('POST /user/get, /user/search, /user/update', () => {
  it('lets a customer read themselves', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await t.post('/api/v1/user/get', { ids: [DEMO_USER_IDS.customer] }, cookie);
    expect(response.json()).toEqual([
      {
        id: DEMO_USER_IDS.customer,
        email: DEMO_EMAILS.customer,
        firstname: 'Aroha',
        surname: 'Ngata',
        role: 'customer',
        allowedRegions: [],
      },
    ]);
  });

  it('forbids a customer reading someone else', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await t.post('/api/v1/user/get', { ids: [DEMO_USER_IDS.rep] }, cookie);
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().message).toBe('You can only read your own user.');
  });

  it('lets a rep read themself and the customers of their regions, and refuses anyone else', async () => {
    const cookie = await t.login(DEMO_EMAILS.repNorth);
    const response = await t.post(
      '/api/v1/user/get',
      { ids: [DEMO_USER_IDS.repNorth, DEMO_USER_IDS.customer, 'U0'] },
      cookie,
    );
    const users = response.json<{ id: string; allowedRegions: string[] }[]>();
    expect(users.map((user) => user.id)).toEqual([DEMO_USER_IDS.repNorth, DEMO_USER_IDS.customer]);
    expect(users[0]?.allowedRegions).toEqual(['Northland', 'Auckland']);

    // Another rep, and a customer of an account in Waikato.
    for (const id of [DEMO_USER_IDS.rep, DEMO_USER_IDS.unconfirmed]) {
      const refused = await t.post('/api/v1/user/get', { ids: [DEMO_USER_IDS.repNorth, id] }, cookie);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<ApiErrorBody>().message).toBe(`User ${id} is outside your regions.`);
    }
    const everywhere = await t.login(DEMO_EMAILS.rep);
    const all = await t.post('/api/v1/user/get', { ids: [DEMO_USER_IDS.unconfirmed] }, everywhere);
    expect(all.json<{ id: string }[]>().map((user) => user.id)).toEqual([DEMO_USER_IDS.unconfirmed]);
  });

  it('requires ids as a list', async () => {
    const cookie = await t.login(DEMO_EMAILS.rep);
    const response = await t.post('/api/v1/user/get', { ids: DEMO_USER_IDS.rep }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('ids: Invalid input: expected array, received string');
  });

  it('searches users for reps only, among those in their reach', async () => {
    const rep = await t.login(DEMO_EMAILS.rep);
    const response = await t.post('/api/v1/user/search', { searchText: 'DEMO.TEST', limit: 2 }, rep);
    expect(response.statusCode).toBe(200);
    const result = response.json<{ items: { email: string }[]; total: number }>();
    expect(result.items.map((user) => user.email)).toEqual(['challenged@demo.test', 'customer@demo.test']);
    expect(result.total).toBeGreaterThanOrEqual(4);

    // Every demo user's e-mail holds "demo.test": the north rep finds themself and their regions' customer only.
    const north = await t.login(DEMO_EMAILS.repNorth);
    const northern = await t.post('/api/v1/user/search', { searchText: 'demo.test', limit: 100 }, north);
    const found = northern.json<{ items: { email: string; role: string }[]; total: number }>();
    expect(found.items.filter((user) => user.role === 'rep').map((user) => user.email)).toEqual([
      DEMO_EMAILS.repNorth,
    ]);
    expect(found.items.map((user) => user.email)).toContain(DEMO_EMAILS.customer);
    expect(found.items.map((user) => user.email)).not.toContain(DEMO_EMAILS.unconfirmed);
    expect(found.total).toBe(found.items.length);

    const customer = await t.login(DEMO_EMAILS.customer);
    expect((await t.post('/api/v1/user/search', {}, customer)).statusCode).toBe(403);
    expect((await t.post('/api/v1/user/search', {})).statusCode).toBe(401);
  });

  it('updates the signed-in user names', async () => {
    const cookie = await t.login(DEMO_EMAILS.challenged);
    const response = await t.post('/api/v1/user/update', { firstname: ' Merenia ' }, cookie);
    expect(response.json()).toMatchObject({
      id: DEMO_USER_IDS.challenged,
      firstname: 'Merenia',
      surname: 'Thompson',
    });
    expect((await t.post('/api/v1/user/update', { surname: 42 }, cookie)).json<ApiErrorBody>().message).toBe(
      'surname: Invalid input: expected string, received number',
    );
  });
});

describe('throttling of forgot-password and signup', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(async () => {
    await app.app.close();
  });

  /** A call from `address` as the local proxy reports it (X-Forwarded-For from loopback). */
  const call = (url: string, payload: object, address = '198.51.100.7') =>
    app.app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': address } });
  const forgot = (email: string, address?: string) =>
    call('/api/v1/user/forgot/password', { email }, address);
  const register = (email: string, address?: string) =>
    call(
      '/api/v1/user/signup',
      { firstname: 'Aroha', surname: 'Ngata', email, customerID: DEMO_ACCOUNT_IDS.customer },
      address,
    );

  /** Everything an answer tells the client, apart from its date. */
  const answerOf = (response: Awaited<ReturnType<typeof call>>) => {
    const headers = { ...response.headers };
    delete headers.date;
    return { status: response.statusCode, body: response.body, headers };
  };
  const mailsTo = async (email: string, subject: RegExp) =>
    (await app.get(`/api/v1/dev/outbox?to=${encodeURIComponent(email)}`))
      .json<OutboxMessage[]>()
      .filter((message) => subject.test(message.subject)).length;

  it('forgot-password: three requests per e-mail address in 15 minutes, then 429 for known and unknown alike', async () => {
    const known: unknown[] = [];
    const unknown: unknown[] = [];
    for (let request = 1; request <= 5; request += 1) {
      known.push(answerOf(await forgot(DEMO_EMAILS.rep)));
      unknown.push(answerOf(await forgot('Nobody.Here@Demo.test')));
    }
    expect(unknown).toEqual(known);
    const refused = await forgot(DEMO_EMAILS.rep);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json()).toEqual({
      error: 'Too Many Requests',
      message: 'Too many password reset requests. Try again in 15 minutes.',
    });
    expect(known.map((answer) => (answer as { status: number }).status)).toEqual([200, 200, 200, 429, 429]);
    expect(await mailsTo(DEMO_EMAILS.rep, /Reset your Ezy Rewards password/)).toBe(3);

    const start = app.clock.now;
    try {
      app.clock.now = start + 15 * 60_000;
      expect((await forgot(DEMO_EMAILS.rep)).statusCode).toBe(200);
    } finally {
      app.clock.now = start;
    }
  });

  it('forgot-password: twenty requests per client address in 15 minutes, whatever the e-mail', async () => {
    for (let request = 1; request <= 20; request += 1)
      expect((await forgot(`asker.${request}@example.test`, '198.51.100.8')).statusCode).toBe(200);
    expect((await forgot('asker.21@example.test', '198.51.100.8')).statusCode).toBe(429);
    expect((await forgot('asker.21@example.test', '198.51.100.9')).statusCode).toBe(200);
  });

  it('signup: three registrations per e-mail address in 15 minutes, then 429 whether invited or not', async () => {
    const invitee = 'aroha.ngata@example.test';
    const invitation = await app.post('/api/v1/dev/invitations', {
      customerID: DEMO_ACCOUNT_IDS.customer,
      email: invitee,
    });
    expect(invitation.statusCode, invitation.body).toBe(200);
    const invited: unknown[] = [];
    const stranger: unknown[] = [];
    for (let request = 1; request <= 5; request += 1) {
      invited.push(answerOf(await register(invitee)));
      stranger.push(answerOf(await register('stranger@example.test')));
    }
    expect(stranger).toEqual(invited);
    expect(invited.map((answer) => (answer as { status: number }).status)).toEqual([200, 200, 200, 429, 429]);
    const refused = await register(invitee);
    expect(refused.headers['retry-after']).toBe('900');
    expect(refused.json()).toEqual({
      error: 'Too Many Requests',
      message: 'Too many registration attempts. Try again in 15 minutes.',
    });
    // The first registration and two fresh links, nothing for the refused ones.
    expect(await mailsTo(invitee, /Verify your email/)).toBe(3);
  });

  it('signup: twenty registrations per client address in 15 minutes, whatever the e-mail', async () => {
    for (let request = 1; request <= 20; request += 1)
      expect((await register(`newcomer.${request}@example.test`, '198.51.100.10')).statusCode).toBe(200);
    expect((await register('newcomer.21@example.test', '198.51.100.10')).statusCode).toBe(429);
    expect((await register('newcomer.21@example.test', '198.51.100.11')).statusCode).toBe(200);
  });

  it('validates the body before counting: a malformed request is a 400 that uses up nothing', async () => {
    for (let request = 1; request <= 25; request += 1)
      expect((await forgot('not-an-email', '198.51.100.12')).statusCode).toBe(400);
    expect((await forgot('valid.after.typos@example.test', '198.51.100.12')).statusCode).toBe(200);
  });
});
