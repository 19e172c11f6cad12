import type { Account, ApiErrorBody, SessionInfo } from '@promo/domain/types';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_PASSWORD } from '../seed/demo-logins';
import type { CustomerFixture, RepFixture } from '../seed/fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

async function account(id: string, cookie: string): Promise<Account> {
  return (await t.get(`/api/v1/account/get?ids=${id}`, cookie)).json<Account[]>()[0] as Account;
}

describe('POST /dev/fixtures/customer', () => {
  it('creates a fresh customer with the promotions and progress of customer@demo.test, under new ids', async () => {
    const first = (
      await t.post('/api/v1/dev/fixtures/customer', { scenario: 'confirmed' })
    ).json<CustomerFixture>();
    const second = (
      await t.post('/api/v1/dev/fixtures/customer', { scenario: 'confirmed' })
    ).json<CustomerFixture>();
    expect(first.password).toBe(DEMO_PASSWORD);
    expect(first.email).not.toBe(second.email);
    expect(first.accountId).not.toBe(second.accountId);
    expect(first.accountId).toMatch(/^G9\d{5}$/);

    const cookie = await t.login(first.email, first.password);
    const clone = await account(first.accountId, cookie);
    const template = await account(DEMO_ACCOUNT_IDS.customer, await t.login(DEMO_EMAILS.customer));
    expect(clone.associationsConfirmationStatus).toBe('confirmed');
    expect(clone.enrolledPromotions).toEqual(template.enrolledPromotions);
    expect(clone.progressDetails).toEqual(template.progressDetails);
    expect(clone.pastProgressDetails).toEqual(template.pastProgressDetails);
    expect(clone.promotionUserChoices).toEqual(template.promotionUserChoices);
    expect(clone.divisionDetails.map((division) => division.division)).toEqual(
      template.divisionDetails.map((division) => division.division),
    );
    const templateIds = new Set(template.divisionDetails.map((division) => division.id));
    expect(clone.divisionDetails.some((division) => templateIds.has(division.id))).toBe(false);
  });

  it('keeps fixtures apart: a change to one leaves the template and the others alone', async () => {
    const a = (
      await t.post('/api/v1/dev/fixtures/customer', { scenario: 'unconfirmed' })
    ).json<CustomerFixture>();
    const b = (
      await t.post('/api/v1/dev/fixtures/customer', { scenario: 'unconfirmed' })
    ).json<CustomerFixture>();
    const cookieA = await t.login(a.email);
    const accountA = await account(a.accountId, cookieA);
    const answers = [
      ...accountA.divisionDetails.map((division) => ({
        id: division.id,
        divisionID: '',
        division: division.division,
        confirmed: true,
      })),
      { id: 'other', divisionID: '', division: 'other', confirmed: false },
    ];
    await t.post(
      '/api/v1/account/confirm/account/association',
      { associations: answers, comment: '' },
      cookieA,
    );
    expect((await account(a.accountId, cookieA)).associationsConfirmationStatus).toBe('confirmed');
    expect((await account(b.accountId, await t.login(b.email))).associationsConfirmationStatus).toBe(
      'unconfirmed',
    );
    expect(
      (await account(DEMO_ACCOUNT_IDS.unconfirmed, await t.login(DEMO_EMAILS.unconfirmed)))
        .associationsConfirmationStatus,
    ).toBe('unconfirmed');
  });

  it('makes challenged customers', async () => {
    const fixture = (
      await t.post('/api/v1/dev/fixtures/customer', { scenario: 'challenged' })
    ).json<CustomerFixture>();
    expect(
      (await account(fixture.accountId, await t.login(fixture.email))).associationsConfirmationStatus,
    ).toBe('challenged');
  });

  it('validates the scenario', async () => {
    const response = await t.post('/api/v1/dev/fixtures/customer', { scenario: 'vip' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(
      'scenario: Invalid option: expected one of "confirmed"|"challenged"|"unconfirmed"',
    );
  });
});

describe('POST /dev/fixtures/rep', () => {
  it('creates a fresh rep, with a ready-made branch selection when asked', async () => {
    const plain = (await t.post('/api/v1/dev/fixtures/rep', {})).json<RepFixture>();
    expect(plain.selection).toBeUndefined();
    expect(
      (
        await t.post('/api/v1/session/login', { email: plain.email, password: plain.password })
      ).json<SessionInfo>().role,
    ).toBe('rep');

    const withSelection = (
      await t.post('/api/v1/dev/fixtures/rep', { withSelection: true })
    ).json<RepFixture>();
    expect(withSelection.email).not.toBe(plain.email);
    expect(withSelection.selection?.selectedRegions).toEqual(['Auckland', 'Waikato']);
    expect(withSelection.selection?.selectedBranchIds.length).toBeGreaterThan(5);
  });

  it('accepts an empty body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/dev/fixtures/rep' });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('GET /dev/outbox', () => {
  it('lists messages newest first, filtered by recipient', async () => {
    await t.post('/api/v1/user/forgot/password', { email: DEMO_EMAILS.rep });
    t.clock.now += 1000;
    await t.post('/api/v1/user/forgot/password', { email: DEMO_EMAILS.rep });
    await t.post('/api/v1/user/forgot/password', { email: DEMO_EMAILS.customer });
    const messages = (await t.get('/api/v1/dev/outbox?to=REP@demo.test')).json<
      { to: string; createdAt: number; links: string[] }[]
    >();
    expect(messages.map((message) => message.to)).toEqual([DEMO_EMAILS.rep, DEMO_EMAILS.rep]);
    expect((messages[0]?.createdAt ?? 0) - (messages[1]?.createdAt ?? 0)).toBe(1000);
    expect(messages[0]?.links[0]).not.toBe(messages[1]?.links[0]);
  });
});

describe('without DEV_ENDPOINTS', () => {
  it('has no /dev routes at all: outbox, fixtures, invitations, audit', async () => {
    const routes = (app: Awaited<ReturnType<typeof buildApp>>) => app.printRoutes({ commonPrefix: false });
    expect(routes(t.app)).toMatch(/\/api\/v1\/dev\/audit/);

    const app = await buildApp({ db: t.db, devEndpoints: false });
    expect(routes(app)).not.toContain('/dev');
    for (const [method, url] of [
      ['GET', '/api/v1/dev/outbox'],
      ['POST', '/api/v1/dev/fixtures/customer'],
      ['POST', '/api/v1/dev/fixtures/rep'],
      ['POST', '/api/v1/dev/invitations'],
      ['GET', '/api/v1/dev/invitations'],
      ['GET', '/api/v1/dev/audit'],
    ] as const) {
      const response = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    await app.close();
  });
});

describe('the Host a request names, with the dev endpoints on', () => {
  const REBOUND = 'rebind.attacker.example:9080';

  it('refuses another site rebound to this machine with 421, on the dev routes and every other', async () => {
    for (const url of ['/api/v1/dev/outbox', '/api/v1/dev/invitations', '/api/v1/session/get']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { host: REBOUND } });
      expect(response.statusCode, url).toBe(421);
      expect(response.json<ApiErrorBody>()).toEqual({
        error: 'Misdirected Request',
        message:
          "This server's dev endpoints are on, so it answers only requests addressed to this machine " +
          `(localhost, 127.0.0.1, [::1], or the HOST it was started with); Host "${REBOUND}" is not one of them.`,
      });
    }
  });

  it('checks a proxy’s X-Forwarded-Host too: the Host the browser sent the shell', async () => {
    const app = await buildApp({
      db: t.db,
      devEndpoints: true,
      publicOrigin: 'http://localhost:9080',
      listenHost: '127.0.0.1',
    });
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const apiPort = (app.server.address() as AddressInfo).port;
      const api = `127.0.0.1:${apiPort}`;
      const outbox = (headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          http
            .get({ host: '127.0.0.1', port: apiPort, path: '/api/v1/dev/outbox', headers }, (response) => {
              response.resume();
              resolve(response.statusCode ?? 0);
            })
            .on('error', reject);
        });
      // As the shell's proxy passes them on: the API's own address in Host, the browser's in X-Forwarded-Host.
      expect(await outbox({ host: api, 'x-forwarded-host': REBOUND })).toBe(421);
      for (const own of ['localhost:9080', '127.0.0.1:9080', '[::1]:9080', 'LOCALHOST:9080'])
        expect(await outbox({ host: api, 'x-forwarded-host': own }), own).toBe(200);
      // A page rebound to the API's own port cannot pass itself off as the proxy by naming the shell.
      expect(
        await outbox({ host: `rebind.attacker.example:${apiPort}`, 'x-forwarded-host': 'localhost:9080' }),
      ).toBe(421);
      for (const own of [api, `localhost:${apiPort}`]) expect(await outbox({ host: own }), own).toBe(200);
      for (const other of ['localhost:9002', 'localhost', 'example.test:9080', `127.0.0.1.nip.io:${apiPort}`])
        expect(await outbox({ host: other }), other).toBe(421);
    } finally {
      await app.close();
    }
  });

  it('leaves the Host alone with the dev endpoints off', async () => {
    const app = await buildApp({ db: t.db, devEndpoints: false });
    try {
      const response = await app.inject({
        method: 'GET',
        url: '/api/v1/session/get',
        headers: { host: REBOUND },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });
});
