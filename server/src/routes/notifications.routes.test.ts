import type { ApiErrorBody } from '@promo/domain/types';
import type { NotificationPreferences } from '@promo/domain/api/notifications.schema';
import { notificationsOffered } from '@promo/domain/notifications/notifications.contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { unsubscribePath } from '../notifications/unsubscribe-link';
import { DEMO_EMAILS, DEMO_USER_IDS } from '../seed/demo-logins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const PREFERENCES = '/api/v1/notifications/preferences';
const on = (preferences: NotificationPreferences) =>
  preferences.choices.filter((choice) => choice.on).map((choice) => `${choice.kind}/${choice.channel}`);

describe('notification preferences', () => {
  it('needs a signed-in user', async () => {
    expect((await t.get(PREFERENCES)).statusCode).toBe(401);
    expect((await t.post(PREFERENCES, { appBadge: true })).statusCode).toBe(401);
  });

  it('offers a customer the customer kinds on their channels, all off until chosen', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const preferences = (await t.get(PREFERENCES, cookie)).json<NotificationPreferences>();
    expect(preferences.appBadge).toBe(false);
    expect(preferences.choices).toHaveLength(8);
    expect(on(preferences)).toEqual([]);
  });

  it('offers each role what My Account lists for it (notificationsOffered), kind by kind and channel by channel', async () => {
    for (const [role, email] of [
      ['customer', DEMO_EMAILS.customer],
      ['rep', DEMO_EMAILS.rep],
    ] as const) {
      const cookie = await t.login(email);
      const offered = (await t.get(PREFERENCES, cookie))
        .json<NotificationPreferences>()
        .choices.map((choice) => `${choice.kind}/${choice.channel}`);
      expect(offered).toEqual(
        notificationsOffered(role).flatMap(({ kind, channels }) =>
          channels.map((channel) => `${kind}/${channel}`),
        ),
      );
    }
  });

  it('stores the choices given and keeps the others', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    await t.post(PREFERENCES, { choices: [{ kind: 'target-near', channel: 'push', on: true }] }, cookie);
    const response = await t.post(
      PREFERENCES,
      { choices: [{ kind: 'target-unlocked', channel: 'email', on: true }], appBadge: true },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const preferences = response.json<NotificationPreferences>();
    expect(on(preferences)).toEqual(['target-unlocked/email', 'target-near/push']);
    expect(preferences.appBadge).toBe(true);
    expect((await t.get(PREFERENCES, cookie)).json()).toEqual(preferences);
  });

  it('refuses a kind or channel the role does not offer, with the reason', async () => {
    const customer = await t.login(DEMO_EMAILS.customer);
    const digest = await t.post(
      PREFERENCES,
      { choices: [{ kind: 'weekly-digest', channel: 'email', on: true }] },
      customer,
    );
    expect(digest.statusCode).toBe(400);
    expect(digest.json<ApiErrorBody>().message).toBe(
      'choices.0: weekly-digest is not a notification for a customer.',
    );
    const rep = await t.login(DEMO_EMAILS.rep);
    const pushDigest = await t.post(
      PREFERENCES,
      { choices: [{ kind: 'weekly-digest', channel: 'push', on: true }] },
      rep,
    );
    expect(pushDigest.json<ApiErrorBody>().message).toBe('choices.0: weekly-digest is not sent by push.');
    const unknown = await t.post(
      PREFERENCES,
      { choices: [{ kind: 'spam', channel: 'email', on: true }] },
      rep,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiErrorBody>().message).toMatch(/^choices\.0\.kind: /);
    expect((await t.post(PREFERENCES, { appBadge: 'yes' }, rep)).statusCode).toBe(400);
  });

  it("refuses the app badge to a rep, naming the field, and keeps the rep's choices as they were", async () => {
    const rep = await t.login(DEMO_EMAILS.rep);
    for (const appBadge of [true, false]) {
      const refused = await t.post(
        PREFERENCES,
        { choices: [{ kind: 'weekly-digest', channel: 'email', on: true }], appBadge },
        rep,
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json<ApiErrorBody>().message).toBe('appBadge: The app badge is for customers only.');
    }
    const preferences = (await t.get(PREFERENCES, rep)).json<NotificationPreferences>();
    expect(preferences.appBadge).toBe(false);
    expect(on(preferences)).toEqual([]);
    expect(
      t.db
        .prepare('SELECT COUNT(*) FROM notification_settings WHERE user_id = ?')
        .pluck()
        .get(DEMO_USER_IDS.rep),
    ).toBe(0);
  });

  it('throttles changes from one address', async () => {
    await t.app.close();
    t = await createTestApp({ throttle: { notificationsPerAddress: { max: 2, windowMs: 60_000 } } });
    const cookie = await t.login(DEMO_EMAILS.customer);
    for (let i = 0; i < 2; i += 1)
      expect((await t.post(PREFERENCES, { appBadge: true }, cookie)).statusCode).toBe(200);
    const refused = await t.post(PREFERENCES, { appBadge: true }, cookie);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('one-click unsubscribe', () => {
  const turnOn = async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    await t.post(PREFERENCES, { choices: [{ kind: 'target-near', channel: 'email', on: true }] }, cookie);
    return cookie;
  };
  const oneClick = (url: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });

  it('turns that kind of e-mail off without signing in; opening the link only asks to confirm', async () => {
    const cookie = await turnOn();
    const link = unsubscribePath(t.db, DEMO_USER_IDS.customer, 'target-near', t.clock.now);
    const response = await oneClick(link);
    expect(response.statusCode, response.body).toBe(200);
    expect(on((await t.get(PREFERENCES, cookie)).json())).toEqual([]);

    await turnOn();
    const opened = await t.get(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('Stop target near e-mails from Ezy Rewards?');
    expect(opened.body).toContain('name="List-Unsubscribe" value="One-Click"');
    expect(on((await t.get(PREFERENCES, cookie)).json())).toEqual(['target-near/email']);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: link,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        origin: TEST_ORIGIN,
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('You will no longer get target near e-mails');
    expect(on((await t.get(PREFERENCES, cookie)).json())).toEqual([]);
  });

  it('takes the one-click body as multipart/form-data too, as RFC 8058 recommends mail clients send it', async () => {
    const cookie = await turnOn();
    const link = unsubscribePath(t.db, DEMO_USER_IDS.customer, 'target-near', t.clock.now);
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const encoded = new Request('http://mail.client.test/', { method: 'POST', body: form });
    const response = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ unsubscribed: true });
    expect(on((await t.get(PREFERENCES, cookie)).json())).toEqual([]);

    await turnOn();
    const malformed = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'multipart/form-data; boundary=zz' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiErrorBody>().message).toBe('body: Not a readable multipart/form-data body.');
    expect(on((await t.get(PREFERENCES, cookie)).json())).toEqual(['target-near/email']);
  });

  it('refuses a link whose signature is not the server’s, or another kind’s', async () => {
    const cookie = await turnOn();
    const link = unsubscribePath(t.db, DEMO_USER_IDS.customer, 'target-near', t.clock.now);
    const forged = link.replace(/s=[^&]+/, 's=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await oneClick(forged)).statusCode).toBe(400);
    expect((await oneClick(link.replace('k=target-near', 'k=target-unlocked'))).statusCode).toBe(400);
    expect((await t.get(forged)).json<ApiErrorBody>().message).toBe('s: This unsubscribe link is not valid.');
    expect(on((await t.get(PREFERENCES, cookie)).json())).toEqual(['target-near/email']);
  });

  it('needs the one-click body on POST', async () => {
    const link = unsubscribePath(t.db, DEMO_USER_IDS.customer, 'target-near', t.clock.now);
    const response = await t.app.inject({
      method: 'POST',
      url: link,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=Maybe',
    });
    expect(response.statusCode).toBe(400);
  });
});
