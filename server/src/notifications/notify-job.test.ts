import type {
  DeclarativePushPayload,
  SentNotification,
  TradingDayResult,
} from '@promo/domain/notifications/notifications.contract';
import { tradingDayResultSchema } from '@promo/domain/api/notifications.schema';
import { isNzTradingDate } from '@promo/domain/calendar/nz-calendar';
import type { ApiErrorBody } from '@promo/domain/types';
import { nzInstant, nzDayNumber } from '@promo/domain/calendar/nz-calendar';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_PROMOTION_IDS, DEMO_USER_IDS } from '../seed/demo-logins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support/test-app';
import { readJsonColumn, stringsColumn } from '../db/json-column';
import { AccountStore } from '../accounts/account-store';
import { OutboxStore } from '../outbox/outbox-store';
import { outboxMailer } from './notification-mailer';
import { NotificationStore } from './notification-store';
import { runNotifyJob, type PushSender } from './notify-job';

let t: TestApp;
let pushed: { userId: string; payload: DeclarativePushPayload }[];
const push: PushSender = {
  sendToUser: async (userId, payload) => {
    pushed.push({ userId, payload });
    return { delivered: 1, removed: 0 };
  },
};
beforeEach(async () => {
  t = await createTestApp();
  pushed = [];
});
afterEach(async () => {
  await t.app.close();
});

/** 10:00 NZ on the test day, outside quiet hours. */
const morning = () => nzInstant(nzDayNumber(t.clock.now), 10);
const run = (now: number, options: { respectQuietHours?: boolean; withPush?: boolean } = {}) =>
  runNotifyJob({
    db: t.db,
    now,
    publicOrigin: TEST_ORIGIN,
    mailer: outboxMailer(new OutboxStore(t.db, TEST_ORIGIN)),
    ...(options.withPush === false ? {} : { push }),
    respectQuietHours: options.respectQuietHours,
  });

function turnOn(userId: string, kinds: string[], channels: ('push' | 'email')[]) {
  new NotificationStore(t.db).update(
    userId,
    {
      choices: kinds.flatMap((kind) =>
        channels.map((channel) => ({ kind: kind as never, channel, on: true })),
      ),
      appBadge: true,
    },
    t.clock.now,
  );
}

/** The demo customer crosses Target 2 of the hamper promotion, with no reward chosen for it. */
function crossTarget2() {
  const progress = new AccountStore(t.db).getProgress(
    DEMO_ACCOUNT_IDS.customer,
    DEMO_PROMOTION_IDS.multiTarget,
  );
  const target2 = progress?.targets[1]?.amount ?? 0;
  t.db
    .prepare('UPDATE account_promotions SET total_spend = ? WHERE account_id = ? AND promotion_id = ?')
    .run(target2 + 10, DEMO_ACCOUNT_IDS.customer, DEMO_PROMOTION_IDS.multiTarget);
}

describe('the notification job', () => {
  it('sends nothing to a user who turned nothing on', async () => {
    crossTarget2();
    expect(await run(morning())).toEqual([]);
  });

  it('pushes and mails an unlocked target once, however often it runs', async () => {
    turnOn(DEMO_USER_IDS.customer, ['target-unlocked'], ['push', 'email']);
    crossTarget2();
    const first = await run(morning());
    expect(first.map((sent) => `${sent.kind}/${sent.channel}/${sent.status}`)).toEqual([
      'target-unlocked/push/sent',
      'target-unlocked/email/sent',
    ]);
    expect(first[0]).toMatchObject({
      to: DEMO_EMAILS.customer,
      target: 2,
      body: "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
      navigate: `${TEST_ORIGIN}/promotions/${DEMO_PROMOTION_IDS.multiTarget}`,
    });
    expect(pushed[0]?.payload.notification.navigate).toBe(
      `${TEST_ORIGIN}/promotions/${DEMO_PROMOTION_IDS.multiTarget}`,
    );
    expect(pushed[0]?.payload.app_badge).toBe(1);
    expect(await run(morning())).toEqual([]);
    expect(await run(morning() + 60_000)).toEqual([]);
    expect(pushed).toHaveLength(1);
  });

  it('puts the e-mail in the outbox with a one-click unsubscribe', async () => {
    turnOn(DEMO_USER_IDS.customer, ['target-unlocked'], ['email']);
    crossTarget2();
    await run(morning());
    const [mail] = t.db
      .prepare('SELECT subject, text, headers FROM outbox WHERE to_email = ?')
      .all(DEMO_EMAILS.customer) as {
      subject: string;
      text: string;
      headers: string;
    }[];
    expect(mail?.subject).toBe('Target 2 unlocked');
    expect(mail?.text).toContain("You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.");
    const headers = readJsonColumn(stringsColumn, mail?.headers ?? '', 'outbox.headers');
    expect(headers['List-Unsubscribe']).toMatch(
      /^<http:\/\/shell\.test\/api\/v1\/notifications\/email\/unsubscribe\?u=U1001&k=target-unlocked&s=.+>$/,
    );
    expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('holds a push decided in quiet hours until 07:00 NZ and sends it then, once', async () => {
    turnOn(DEMO_USER_IDS.customer, ['target-unlocked'], ['push']);
    crossTarget2();
    const night = nzInstant(nzDayNumber(t.clock.now), 22);
    expect((await run(night)).map((sent) => sent.status)).toEqual(['held']);
    expect(pushed).toEqual([]);
    expect(await run(night + 3_600_000)).toEqual([]);
    const seven = nzInstant(nzDayNumber(t.clock.now) + 1, 7);
    expect((await run(seven)).map((sent) => sent.status)).toEqual(['sent']);
    expect(await run(seven + 60_000)).toEqual([]);
    expect(pushed).toHaveLength(1);
  });

  it('sends at once in quiet hours when asked to ignore them', async () => {
    turnOn(DEMO_USER_IDS.customer, ['target-unlocked'], ['push']);
    crossTarget2();
    const night = nzInstant(nzDayNumber(t.clock.now), 22);
    expect((await run(night, { respectQuietHours: false })).map((sent) => sent.status)).toEqual(['sent']);
  });

  it('logs a push as undelivered without a push sender, and does not try it again', async () => {
    turnOn(DEMO_USER_IDS.customer, ['target-unlocked'], ['push']);
    crossTarget2();
    expect(await run(morning(), { withPush: false })).toEqual([]);
    expect(t.db.prepare('SELECT status FROM notification_log').pluck().all()).toEqual(['undelivered']);
    expect(await run(morning())).toEqual([]);
  });
});

describe('POST /dev/trading-day', () => {
  it('adds one NZ trading day of demo spend and runs the job at once', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const choices = ['target-unlocked', 'target-near'].map((kind) => ({ kind, channel: 'email', on: true }));
    await t.post('/api/v1/notifications/preferences', { choices }, cookie);
    const before = t.db.prepare(
      'SELECT total_spend FROM account_promotions WHERE account_id = ? AND promotion_id = ?',
    );
    const spendBefore = before
      .pluck()
      .get(DEMO_ACCOUNT_IDS.customer, DEMO_PROMOTION_IDS.multiTarget) as number;

    const response = await t.post('/api/v1/dev/trading-day', {});
    expect(response.statusCode, response.body).toBe(200);
    // The answer is what the contract's schema says: a YYYY-MM-DD day and well-formed reports.
    const result = tradingDayResultSchema.parse(response.json());
    expect(isNzTradingDate(result.tradingDay)).toBe(true);
    const spendAfter = before
      .pluck()
      .get(DEMO_ACCOUNT_IDS.customer, DEMO_PROMOTION_IDS.multiTarget) as number;
    expect(spendAfter).toBeGreaterThan(spendBefore);
    expect(result.sent.length).toBeGreaterThan(0);
    expect(result.sent.every((sent) => sent.to === DEMO_EMAILS.customer && sent.channel === 'email')).toBe(
      true,
    );

    const next = (await t.post('/api/v1/dev/trading-day', {})).json<TradingDayResult>();
    expect(next.tradingDay > result.tradingDay).toBe(true);
    const keys = (sent: SentNotification) => `${sent.kind}|${sent.promotionId}|${sent.target}`;
    expect(next.sent.map(keys).filter((key) => result.sent.map(keys).includes(key))).toEqual([]);
  });

  it("tells the customer's rep when the customer unlocks a target, and lists the e-mail with its headers in the outbox", async () => {
    const rep = await t.login(DEMO_EMAILS.rep);
    const choices = [{ kind: 'customer-unlocked', channel: 'email', on: true }];
    await t.post('/api/v1/notifications/preferences', { choices }, rep);
    const result = (await t.post('/api/v1/dev/trading-day', {})).json<TradingDayResult>();
    expect(result.sent).toContainEqual(
      expect.objectContaining({
        kind: 'customer-unlocked',
        to: DEMO_EMAILS.rep,
        accountId: DEMO_ACCOUNT_IDS.customer,
        target: 2,
        body: 'Kahikatea Auto Repairs Ltd unlocked Target 2 in Tier Up Hamper Challenge.',
        navigate: `${TEST_ORIGIN}/salesrep/promotions/${DEMO_PROMOTION_IDS.multiTarget}`,
      }),
    );
    const outbox = (await t.get(`/api/v1/dev/outbox?to=${DEMO_EMAILS.rep}`)).json<
      { subject: string; headers: Record<string, string> }[]
    >();
    expect(outbox[0]?.subject).toBe('Kahikatea Auto Repairs Ltd unlocked Target 2');
    expect(outbox[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('is not there without the dev endpoints', async () => {
    const off = await createTestApp({ devEndpoints: false });
    expect((await off.post('/api/v1/dev/trading-day', {})).statusCode).toBe(404);
    await off.app.close();
  });

  it('validates its body', async () => {
    const response = await t.post('/api/v1/dev/trading-day', { respectQuietHours: 'yes' });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toMatch(/^respectQuietHours: /);
  });
});
