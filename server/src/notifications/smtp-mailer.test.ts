import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nzDayNumber, nzInstant } from '@promo/domain/calendar/nz-calendar';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS, DEMO_PROMOTION_IDS, DEMO_USER_IDS } from '../seed/demo-logins';
import { createTestApp, TEST_ORIGIN, type TestApp } from '../test-support/test-app';
import { AccountStore } from '../accounts/account-store';
import { OutboxStore } from '../outbox/outbox-store';
import { notificationMailerOf } from './notification-mailer-of';
import { NotificationStore } from './notification-store';
import { runNotifyJob } from './notify-job';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP receiver on a free loopback port, keeping every message it accepts. */
async function startReceiver(): Promise<{ server: SMTPServer; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { server, url: `smtp://127.0.0.1:${port}`, received };
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeEach(async () => {
  t = await createTestApp();
  receiver = await startReceiver();
});
afterEach(async () => {
  await t.app.close();
  await new Promise<void>((resolve) => receiver.server.close(() => resolve()));
});

describe('notification e-mail through SMTP_URL', () => {
  it('arrives at a real SMTP receiver with the one-click unsubscribe headers, and in the outbox too', async () => {
    new NotificationStore(t.db).update(
      DEMO_USER_IDS.customer,
      { choices: [{ kind: 'target-unlocked', channel: 'email', on: true }] },
      t.clock.now,
    );
    const progress = new AccountStore(t.db).getProgress(
      DEMO_ACCOUNT_IDS.customer,
      DEMO_PROMOTION_IDS.multiTarget,
    );
    const target2 = progress?.targets[1]?.amount ?? 0;
    t.db
      .prepare('UPDATE account_promotions SET total_spend = ? WHERE account_id = ? AND promotion_id = ?')
      .run(target2 + 1, DEMO_ACCOUNT_IDS.customer, DEMO_PROMOTION_IDS.multiTarget);
    const outbox = t.db.prepare('SELECT COUNT(*) FROM outbox WHERE to_email = ?').pluck();

    const sent = await runNotifyJob({
      db: t.db,
      now: nzInstant(nzDayNumber(t.clock.now), 10),
      publicOrigin: TEST_ORIGIN,
      mailer: notificationMailerOf({
        outbox: new OutboxStore(t.db, TEST_ORIGIN),
        smtpUrl: receiver.url,
        publicOrigin: TEST_ORIGIN,
      }),
    });

    expect(sent.map((item) => item.kind)).toEqual(['target-unlocked']);
    expect(receiver.received).toHaveLength(1);
    const [mail] = receiver.received;
    expect(mail?.to).toEqual([DEMO_EMAILS.customer]);
    const raw = mail?.raw.replace(/\r\n[ \t]+/g, ' ') ?? '';
    expect(raw).toMatch(/^Subject: Target 2 unlocked$/m);
    expect(raw).toMatch(
      /^List-Unsubscribe: <http:\/\/shell\.test\/api\/v1\/notifications\/email\/unsubscribe\?u=U1001&k=target-unlocked&s=[\w-]+>$/m,
    );
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    // The text part may be quoted-printable, with soft line breaks.
    expect(raw.replace(/=\r\n/g, '')).toContain(
      "You've unlocked Target 2 in Tier Up Hamper Challenge. Choose your reward.",
    );
    expect(outbox.get(DEMO_EMAILS.customer)).toBe(1);
  });
});
