import type { ApiErrorBody, SessionInfo } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxMessage } from '../outbox/outbox-store';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_USER_IDS, REGIONS } from '../seed/demo-logins';
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

describe('signup, verify e-mail, set password, login', () => {
  it('runs the whole flow through the outbox', async () => {
    const email = 'hine@kahikatea.test';
    const created = await signup(email);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toEqual({ ok: true });

    // Not verified and without a password: no sign-in yet.
    const early = await t.post('/api/v1/session/login', { email, password: 'anything-1!' });
    expect(early.json<ApiErrorBody>().message).toBe(
      'Please verify your email address and set a password before signing in.',
    );

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

  it('rejects a duplicate e-mail, whatever its case', async () => {
    const response = await signup('Customer@Demo.Test');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: 'Bad Request',
      message: 'An account with this email already exists.',
    });
  });

  it('rejects a customer ID that is not an account', async () => {
    const response = await signup('new.person@demo.test', { customerID: 'G999999' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(
      'We could not find that customer ID. Please check it and try again.',
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

  it('lets a rep read anyone, with their allowed regions', async () => {
    const cookie = await t.login(DEMO_EMAILS.repNorth);
    const response = await t.post(
      '/api/v1/user/get',
      { ids: [DEMO_USER_IDS.repNorth, DEMO_USER_IDS.rep, 'U0'] },
      cookie,
    );
    const users = response.json<{ id: string; allowedRegions: string[] }[]>();
    expect(users.map((user) => user.id)).toEqual([DEMO_USER_IDS.repNorth, DEMO_USER_IDS.rep]);
    expect(users[0]?.allowedRegions).toEqual(['Northland', 'Auckland']);
    expect(users[1]?.allowedRegions).toEqual([...REGIONS]);
  });

  it('requires ids as a list', async () => {
    const cookie = await t.login(DEMO_EMAILS.rep);
    const response = await t.post('/api/v1/user/get', { ids: DEMO_USER_IDS.rep }, cookie);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('ids: Invalid input: expected array, received string');
  });

  it('searches users for reps only', async () => {
    const rep = await t.login(DEMO_EMAILS.rep);
    const response = await t.post('/api/v1/user/search', { searchText: 'DEMO.TEST', limit: 2 }, rep);
    expect(response.statusCode).toBe(200);
    const result = response.json<{ items: { email: string }[]; total: number }>();
    expect(result.items.map((user) => user.email)).toEqual(['challenged@demo.test', 'customer@demo.test']);
    expect(result.total).toBeGreaterThanOrEqual(5);

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
