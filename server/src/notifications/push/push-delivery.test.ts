import type {
  DeclarativePushPayload,
  TradingDayResult,
} from '@promo/domain/notifications/notifications.contract';
import type { NotificationsConfig } from '@promo/domain/api/notifications.schema';
import type { ApiErrorBody } from '@promo/domain/types';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_EMAILS, DEMO_PASSWORD, DEMO_PROMOTION_IDS, DEMO_USER_IDS } from '../../seed/demo-logins';
import { startPushReceiver } from '../../test-support/push-receiver';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../../test-support/test-app';

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startPushReceiver>>;
beforeEach(async () => {
  receiver = await startPushReceiver();
  t = await createTestApp({ pushTestOrigins: [new URL(receiver.endpoint).origin] });
});
afterEach(async () => {
  await t.app.close();
  await receiver.close();
});

const subscriptions = () =>
  t.db
    .prepare('SELECT endpoint FROM push_subscriptions WHERE user_id = ?')
    .pluck()
    .all(DEMO_USER_IDS.customer);

async function customerSubscribed(): Promise<string> {
  const cookie = await t.login(DEMO_EMAILS.customer);
  const choices = [{ kind: 'target-unlocked', channel: 'push', on: true }];
  await t.post('/api/v1/notifications/preferences', { choices, appBadge: true }, cookie);
  const response = await t.post(
    '/api/v1/notifications/subscribe',
    { subscription: receiver.subscription },
    cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return cookie;
}

describe('Web Push, from the trading day to the device', () => {
  it('serves one VAPID public key, the same on every ask', async () => {
    const first = (await t.get('/api/v1/notifications/config')).json<NotificationsConfig>();
    expect(Buffer.from(first.vapidPublicKey, 'base64url')).toHaveLength(65);
    expect((await t.get('/api/v1/notifications/config')).json()).toEqual(first);
  });

  it('delivers a signed, encrypted push the device decrypts, once however often the job runs', async () => {
    await customerSubscribed();
    const { vapidPublicKey } = (await t.get('/api/v1/notifications/config')).json<NotificationsConfig>();
    const result = (await t.post('/api/v1/dev/trading-day', {})).json<TradingDayResult>();
    expect(result.sent).toContainEqual(expect.objectContaining({ kind: 'target-unlocked', channel: 'push' }));

    expect(receiver.failures).toEqual([]);
    expect(receiver.received).toHaveLength(1);
    const [push] = receiver.received;
    expect(push?.vapid.publicKey).toBe(vapidPublicKey);
    expect(push?.vapid.aud).toBe(new URL(receiver.endpoint).origin);
    expect(push?.headers.ttl).toBeDefined();
    const payload = push?.payload as DeclarativePushPayload;
    expect(payload.web_push).toBe(8030);
    expect(payload.notification.body).toBe(
      "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
    );
    expect(payload.notification.navigate).toBe(`${TEST_ORIGIN}/promotions/${DEMO_PROMOTION_IDS.multiTarget}`);

    await t.post('/api/v1/dev/trading-day', {});
    expect(
      receiver.received.filter(
        (one) => (one.payload as DeclarativePushPayload).notification.tag === payload.notification.tag,
      ),
    ).toHaveLength(1);
  });

  it('forgets a subscription the push service says is gone (410), and keeps one after a 500', async () => {
    const cookie = await customerSubscribed();
    receiver.status.code = 500;
    await t.post('/api/v1/dev/trading-day', {});
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(subscriptions()).toEqual([receiver.endpoint]);

    receiver.status.code = 410;
    const before = receiver.received.length;
    await t.post(
      '/api/v1/notifications/preferences',
      { choices: [{ kind: 'target-near', channel: 'push', on: true }] },
      cookie,
    );
    await t.post('/api/v1/dev/trading-day', {});
    expect(receiver.received.length).toBeGreaterThan(before);
    expect(subscriptions()).toEqual([]);
  });

  it('goes to no loopback port but the test origins, however its address is spelt', async () => {
    const stranger = await startPushReceiver();
    try {
      const port = new URL(stranger.endpoint).port;
      const cookie = await customerSubscribed();
      for (const host of ['2130706433', '0x7f.1', '127.1', '127.0.0.1']) {
        for (const scheme of ['http', 'HTTP']) {
          const endpoint = `${scheme}://${host}:${port}/push/device-1`;
          const response = await t.post(
            '/api/v1/notifications/subscribe',
            { subscription: { ...stranger.subscription, endpoint } },
            cookie,
          );
          expect(response.statusCode, endpoint).toBe(400);
          expect(response.json<ApiErrorBody>().message).toBe(
            'subscription.endpoint: The endpoint must use https.',
          );
        }
      }
      // One that got in before the rule, or by another road: the sender checks it again as it goes.
      t.db
        .prepare(
          'INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, created_at) VALUES (?, ?, ?, ?, 0)',
        )
        .run(
          `http://2130706433:${port}/push/device-1`,
          DEMO_USER_IDS.customer,
          stranger.subscription.keys.p256dh,
          stranger.subscription.keys.auth,
        );
      const result = (await t.post('/api/v1/dev/trading-day', {})).json<TradingDayResult>();
      expect(result.sent).toContainEqual(
        expect.objectContaining({ kind: 'target-unlocked', channel: 'push' }),
      );
      expect(receiver.received).toHaveLength(1);
      expect(stranger.received).toEqual([]);
      expect(stranger.failures).toEqual([]);
    } finally {
      await stranger.close();
    }
  });
});

describe('push subscriptions', () => {
  const SUBSCRIBE = '/api/v1/notifications/subscribe';

  it('need a signed-in user', async () => {
    expect((await t.post(SUBSCRIBE, { subscription: receiver.subscription })).statusCode).toBe(401);
    expect(
      (await t.post('/api/v1/notifications/unsubscribe', { endpoint: receiver.endpoint })).statusCode,
    ).toBe(401);
  });

  it('refuse keys of the wrong size and endpoints off the push services, saying why', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const refused = async (subscription: unknown) => {
      const response = await t.post(SUBSCRIBE, { subscription }, cookie);
      expect(response.statusCode).toBe(400);
      return response.json<ApiErrorBody>().message;
    };
    const keys = receiver.subscription.keys;
    expect(await refused({ ...receiver.subscription, keys: { ...keys, auth: 'c2hvcnQ' } })).toMatch(
      /keys\.auth/,
    );
    expect(await refused({ ...receiver.subscription, keys: { ...keys, p256dh: keys.auth } })).toMatch(
      /keys\.p256dh/,
    );
    expect(await refused({ endpoint: 'https://example.com/push', keys })).toMatch(
      /example\.com is not a known push service/,
    );
    expect(await refused({ endpoint: 'http://10.0.0.5/push', keys })).toMatch(/must use https/);
    expect(subscriptions()).toEqual([]);
  });

  it('refuse a p256dh of the right size that is not a point on P-256, saying so', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const point = Buffer.from(receiver.subscription.keys.p256dh, 'base64url');
    point[64] = (point[64] ?? 0) ^ 1;
    const offCurve = { ...receiver.subscription.keys, p256dh: point.toString('base64url') };
    const response = await t.post(
      SUBSCRIBE,
      { subscription: { ...receiver.subscription, keys: offCurve } },
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe(
      'subscription.keys.p256dh: Not a P-256 public key: the point is not on the curve.',
    );
    const compressed = Buffer.concat([Buffer.from([0x02]), point.subarray(1)]).toString('base64url');
    const notUncompressed = await t.post(
      SUBSCRIBE,
      { subscription: { ...receiver.subscription, keys: { ...offCurve, p256dh: compressed } } },
      cookie,
    );
    expect(notUncompressed.json<ApiErrorBody>().message).toBe(
      'subscription.keys.p256dh: Must be an uncompressed P-256 public key (65 bytes starting with 0x04).',
    );
    expect(subscriptions()).toEqual([]);
  });

  it('refuse loopback endpoints when the dev endpoints are off, test origins or not', async () => {
    const off = await createTestApp({
      devEndpoints: false,
      pushTestOrigins: [new URL(receiver.endpoint).origin],
    });
    try {
      const cookie = await off.login(DEMO_EMAILS.customer);
      const response = await off.post(SUBSCRIBE, { subscription: receiver.subscription }, cookie);
      expect(response.statusCode).toBe(400);
    } finally {
      await off.app.close();
    }
  });

  it("go with the session that made them: after sign-out the device hears nothing more of the user's", async () => {
    const cookie = await customerSubscribed();
    // Signed out without the browser telling the server anything first (offline, or it failed).
    expect((await t.get('/api/v1/session/logout', cookie)).statusCode).toBe(200);
    expect(subscriptions()).toEqual([]);

    await t.post('/api/v1/dev/trading-day', {});
    expect(receiver.received).toEqual([]);
    expect(receiver.failures).toEqual([]);
  });

  it('go with the session a sign-in on the same device replaces, whoever signs in', async () => {
    const cookie = await customerSubscribed();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/session/login',
      payload: { email: DEMO_EMAILS.rep, password: DEMO_PASSWORD },
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(subscriptions()).toEqual([]);
  });

  it("stay on the user's other devices, each signed in with a session of its own", async () => {
    const here = await customerSubscribed();
    const elsewhere = await t.login(DEMO_EMAILS.customer);
    const otherDevice = { ...receiver.subscription, endpoint: `${receiver.endpoint}-tablet` };
    await t.post('/api/v1/notifications/subscribe', { subscription: otherDevice }, elsewhere);
    await t.get('/api/v1/session/logout', here);
    expect(subscriptions()).toEqual([otherDevice.endpoint]);
  });

  it('stay when another site only links to the sign-out', async () => {
    const cookie = await customerSubscribed();
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/v1/session/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
    });
    expect(response.statusCode).toBe(303);
    expect(subscriptions()).toEqual([receiver.endpoint]);
  });

  it("unsubscribe removes only the user's own subscription", async () => {
    await customerSubscribed();
    const rep = await t.login(DEMO_EMAILS.rep);
    await t.post('/api/v1/notifications/unsubscribe', { endpoint: receiver.endpoint }, rep);
    expect(subscriptions()).toEqual([receiver.endpoint]);
    const customer = await t.login(DEMO_EMAILS.customer);
    await t.post('/api/v1/notifications/unsubscribe', { endpoint: receiver.endpoint }, customer);
    expect(subscriptions()).toEqual([]);
  });
});
