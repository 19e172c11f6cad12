import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { DEMO_EMAILS, DEMO_USER_IDS } from '../seed/demo-logins';
import { createTestApp, TEST_NOW, type TestApp } from '../test-support/test-app';
import type { AuditEntry } from '../audit/audit-store';

let t: TestApp;
let rep: string;
let customer: string;
beforeAll(async () => {
  t = await createTestApp();
  rep = await t.login(DEMO_EMAILS.rep);
  customer = await t.login(DEMO_EMAILS.customer);
});
afterAll(async () => {
  await t.app.close();
});

const view = (globalId: string, globalName: string) => ({
  source: 'salesrep',
  event: 'customer_promotion_view',
  data: { user: DEMO_EMAILS.rep, globalId, globalName },
});

describe('GET /dev/audit (development only)', () => {
  it('lists the audit events of one customer, newest first', async () => {
    expect(
      (await t.post('/api/v1/audit/log', view('G100001', 'Kahikatea Auto Repairs Ltd'), rep)).statusCode,
    ).toBe(200);
    t.clock.now = TEST_NOW + 1000;
    await t.post(
      '/api/v1/audit/log',
      { ...view('G100001', 'Kahikatea Auto Repairs Ltd'), event: 'customer_account_view' },
      rep,
    );
    await t.post('/api/v1/audit/log', view('G100002', 'Ruapehu Diesel & Mechanical'), rep);

    const response = await t.get('/api/v1/dev/audit?globalId=G100001');
    expect(response.statusCode).toBe(200);
    expect(response.json<AuditEntry[]>()).toEqual([
      {
        userId: DEMO_USER_IDS.rep,
        source: 'salesrep',
        event: 'customer_account_view',
        data: { user: DEMO_EMAILS.rep, globalId: 'G100001', globalName: 'Kahikatea Auto Repairs Ltd' },
        createdAt: TEST_NOW + 1000,
      },
      {
        userId: DEMO_USER_IDS.rep,
        source: 'salesrep',
        event: 'customer_promotion_view',
        data: { user: DEMO_EMAILS.rep, globalId: 'G100001', globalName: 'Kahikatea Auto Repairs Ltd' },
        createdAt: TEST_NOW,
      },
    ]);
    const all = (await t.get('/api/v1/dev/audit?limit=2')).json<AuditEntry[]>();
    expect(all.map((entry) => entry.data.globalId)).toEqual(['G100002', 'G100001']);
  });

  it('answers an empty list for a customer nobody viewed, and a customer cannot write events', async () => {
    expect((await t.get('/api/v1/dev/audit?globalId=G100003')).json()).toEqual([]);
    expect((await t.post('/api/v1/audit/log', view('G100003', 'Harbourside'), customer)).statusCode).toBe(
      403,
    );
    expect((await t.get('/api/v1/dev/audit?globalId=G100003')).json()).toEqual([]);
  });

  it('does not exist when the development endpoints are off', async () => {
    let app: FastifyInstance | undefined;
    try {
      app = await buildApp({ db: t.db, now: () => TEST_NOW, devEndpoints: false });
      const response = await app.inject({ method: 'GET', url: '/api/v1/dev/audit' });
      expect(response.statusCode).toBe(404);
    } finally {
      await app?.close();
    }
  });
});
