import {
  appBadgeCount,
  customerNotifications,
} from '@promo/domain/notifications/customer-notification.rules';
import {
  absoluteAppUrl,
  notificationKey,
  pushPayload,
  type NotificationDecision,
} from '@promo/domain/notifications/notification.rules';
import {
  NOTIFICATION_CHANNELS,
  type DeclarativePushPayload,
  type NotificationChannel,
  type SentNotification,
} from '@promo/domain/notifications/notifications.contract';
import { pushAllowedAt } from '@promo/domain/notifications/quiet-hours.rules';
import { repCustomerUnlocked, repWeeklyDigest } from '@promo/domain/notifications/rep-digest.rules';
import type { Db } from '../db/open-database';
import { UserStore, type User } from '../users/user-store';
import { NotificationData } from './notification-data';
import type { Mailer } from './notification-mailer';
import { NotificationStore, type LogEntry } from './notification-store';
import { unsubscribePath } from './unsubscribe-link';

/** The push channel the job sends through (src/notifications/push/ provides one). */
export interface PushSender {
  sendToUser(
    userId: string,
    payload: DeclarativePushPayload,
  ): Promise<{ delivered: number; removed: number }>;
}

export interface NotifyJobOptions {
  db: Db;
  now: number;
  /** The app's origin: notification links open there. */
  publicOrigin: string;
  mailer: Mailer;
  /** Without one, push notifications are logged as undelivered. */
  push?: PushSender;
  /** Hold pushes decided between 20:00 and 07:00 NZ until 07:00 (default on; the dev trading day may turn it off). */
  respectQuietHours?: boolean;
}

interface Job extends NotifyJobOptions {
  store: NotificationStore;
  users: UserStore;
}

/** The decisions for one user, and the app badge number to send with their pushes (if they want it). */
function decide(
  job: Job,
  data: NotificationData,
  user: User,
): { decisions: NotificationDecision[]; badge?: number } {
  const running = data.runningPromotions(job.now);
  const wantsBadge = job.store.preferences(user.id, user.role).appBadge;
  if (user.role === 'customer') {
    if (!user.accountId) return { decisions: [] };
    const states = data.customerStates(user.accountId, running);
    return {
      decisions: states.flatMap((state) => customerNotifications(state, job.now)),
      ...(wantsBadge ? { badge: appBadgeCount(states, job.now) } : {}),
    };
  }
  const customers = data.regionCustomers(user.allowedRegions, running);
  return { decisions: [...repWeeklyDigest(customers, job.now), ...repCustomerUnlocked(customers)] };
}

function reported(user: User, entry: LogEntry, status: SentNotification['status']): SentNotification {
  return {
    kind: entry.kind,
    channel: entry.channel,
    to: user.email,
    ...(entry.accountId ? { accountId: entry.accountId } : {}),
    ...(entry.promotionId ? { promotionId: entry.promotionId } : {}),
    ...(entry.target && entry.kind !== 'weekly-digest' ? { target: entry.target } : {}),
    title: entry.title,
    body: entry.body,
    navigate: entry.navigate,
    status,
  };
}

async function sendEmail(job: Job, user: User, entry: LogEntry): Promise<boolean> {
  const unsubscribe = unsubscribePath(job.db, user.id, entry.kind, job.now);
  const open = new URL(entry.navigate).pathname;
  await job.mailer.send(
    {
      to: user.email,
      subject: entry.title,
      paths: [open, unsubscribe],
      headers: {
        'List-Unsubscribe': `<${absoluteAppUrl(job.publicOrigin, unsubscribe)}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      body: (link) =>
        `Kia ora ${user.firstname},\n\n${entry.body}\n\nOpen Ezy Rewards: ${link(open)}\n\n` +
        `The Ezy Rewards team\n\nTo stop these e-mails: ${link(unsubscribe)}`,
    },
    job.now,
  );
  return true;
}

async function sendPush(job: Job, entry: LogEntry, badge: number | undefined): Promise<boolean> {
  if (!job.push) return false;
  const decision = {
    ...entry,
    accountId: entry.accountId || undefined,
    promotionId: entry.promotionId || undefined,
  };
  const payload = pushPayload({ ...decision, path: entry.navigate }, job.publicOrigin, badge);
  const { delivered } = await job.push.sendToUser(entry.userId, payload);
  return delivered > 0;
}

/** Sends one decision on one channel unless the log already has it; what was sent or held, if anything. */
async function deliver(
  job: Job,
  user: User,
  entry: LogEntry,
  badge: number | undefined,
): Promise<SentNotification | undefined> {
  if (entry.notBefore > job.now) {
    return job.store.claim(entry, 'held', job.now) ? reported(user, entry, 'held') : undefined;
  }
  if (!job.store.claim(entry, 'sent', job.now)) return undefined;
  let delivered = false;
  try {
    delivered =
      entry.channel === 'email' ? await sendEmail(job, user, entry) : await sendPush(job, entry, badge);
  } catch {
    delivered = false;
  }
  if (!delivered) job.store.markUndelivered(entry);
  return delivered ? reported(user, entry, 'sent') : undefined;
}

function entryOf(
  job: Job,
  user: User,
  decision: NotificationDecision,
  channel: NotificationChannel,
): LogEntry {
  const quiet = channel === 'push' && job.respectQuietHours !== false;
  return {
    ...notificationKey(decision),
    userId: user.id,
    channel,
    title: decision.title,
    body: decision.body,
    navigate: absoluteAppUrl(job.publicOrigin, decision.path),
    notBefore: quiet ? pushAllowedAt(job.now) : job.now,
  };
}

/** Held pushes whose quiet hours are over, sent now (each once, whichever run gets to it). */
async function releaseHeld(job: Job): Promise<SentNotification[]> {
  const sent: SentNotification[] = [];
  for (const held of job.store.dueHeld(job.now)) {
    const user = job.users.get(held.userId);
    if (!user || !job.store.release(held.id, 'sent', job.now)) continue;
    const delivered = await sendPush(job, held, undefined).catch(() => false);
    if (delivered) sent.push(reported(user, held, 'sent'));
    else job.store.markUndelivered(held);
  }
  return sent;
}

/**
 * The notification job (docs/product-rules.md "Notifications"), run after each daily sales load:
 * sends held pushes whose quiet hours are over, then, for every user with something turned on,
 * applies the rules and sends each decision on each channel they chose, once (the log's key).
 */
export async function runNotifyJob(options: NotifyJobOptions): Promise<SentNotification[]> {
  const job: Job = { ...options, store: new NotificationStore(options.db), users: new UserStore(options.db) };
  const data = new NotificationData(options.db);
  const sent = await releaseHeld(job);
  for (const userId of job.store.usersWithChoices()) {
    const user = job.users.get(userId);
    if (!user) continue;
    const chosen = job.store.choicesOn(user.id);
    const { decisions, badge } = decide(job, data, user);
    for (const decision of decisions) {
      for (const channel of NOTIFICATION_CHANNELS[decision.kind]) {
        if (!chosen.has(`${decision.kind}|${channel}`)) continue;
        const result = await deliver(job, user, entryOf(job, user, decision, channel), badge);
        if (result) sent.push(result);
      }
    }
  }
  return sent;
}
