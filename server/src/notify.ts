import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from './db/open-database';
import { DEFAULT_PUBLIC_ORIGIN, DEFAULT_VAPID_SUBJECT } from './http/app-context';
import { notificationMailerOf } from './notifications/notification-mailer-of';
import { runNotifyJob } from './notifications/notify-job';
import { pushEndpointHostsFromEnv } from './notifications/push/push-endpoints';
import { createPushSender } from './notifications/push/push-sender';
import { PushStore } from './notifications/push/push-store';
import { OutboxStore } from './outbox/outbox-store';

/**
 * `npm run notify` (server/README.md "Notifications"): the notification job once, for a scheduler
 * to run after each daily sales load and at 07:00 NZ (which sends pushes held over quiet hours).
 * Reads the same DB_FILE, PUBLIC_ORIGIN, SMTP_URL, PUSH_ENDPOINT_HOSTS and VAPID_SUBJECT as the
 * server; prints what it sent as JSON.
 */
const serverRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dbFile = process.env.DB_FILE ? resolve(process.env.DB_FILE) : resolve(serverRoot, 'data/ezy.sqlite');
const publicOrigin = (process.env.PUBLIC_ORIGIN ?? DEFAULT_PUBLIC_ORIGIN).replace(/\/$/, '');
const smtpUrl = process.env.SMTP_URL || undefined;

const db = openDatabase(dbFile);
try {
  const outbox = new OutboxStore(db, publicOrigin);
  const sent = await runNotifyJob({
    db,
    now: Date.now(),
    publicOrigin,
    mailer: notificationMailerOf({ outbox, publicOrigin, ...(smtpUrl ? { smtpUrl } : {}) }),
    push: createPushSender({
      store: new PushStore(db),
      now: Date.now,
      subject: process.env.VAPID_SUBJECT || DEFAULT_VAPID_SUBJECT,
      hosts: pushEndpointHostsFromEnv(process.env.PUSH_ENDPOINT_HOSTS),
      testOrigins: [],
    }),
  });
  console.log(JSON.stringify({ sent }, null, 2));
} catch (error) {
  console.error('The notification job failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  db.close();
}
