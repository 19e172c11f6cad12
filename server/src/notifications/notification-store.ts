import type {
  NotificationChannel,
  NotificationKind,
} from '@promo/domain/notifications/notifications.contract';
import type { NotificationPreferences } from '@promo/domain/api/notifications.schema';
import type { NotificationPreferencesUpdate } from '@promo/domain/api/notifications.schema';
import type { NotificationKey } from '@promo/domain/notifications/notification.rules';
import type { Db } from '../db/open-database';
import { offeredChoices } from './notification-preferences';
import type { SignedInRole } from '@promo/domain/types';

/** One notification for one recipient on one channel, as the log keeps it. */
export interface LogEntry extends NotificationKey {
  userId: string;
  channel: NotificationChannel;
  title: string;
  body: string;
  navigate: string;
  /** epoch ms before which it may not go (quiet hours). */
  notBefore: number;
}

export interface HeldEntry extends LogEntry {
  id: number;
}

interface LogRow {
  id: number;
  user_id: string;
  account_id: string;
  promotion_id: string;
  kind: NotificationKind;
  target: number;
  channel: NotificationChannel;
  title: string;
  body: string;
  navigate: string;
  not_before: number;
}

const toEntry = (row: LogRow): HeldEntry => ({
  id: row.id,
  userId: row.user_id,
  accountId: row.account_id,
  promotionId: row.promotion_id,
  kind: row.kind,
  target: row.target,
  channel: row.channel,
  title: row.title,
  body: row.body,
  navigate: row.navigate,
  notBefore: row.not_before,
});

/** The notification tables (migration 7): users' choices, the app badge setting, and the once-only log. */
export class NotificationStore {
  readonly #db: Db;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Every kind and channel the role offers, with the user's choice (off when never chosen); the app
   * badge is a customer's only (appBadgeRefusal), off for anyone else whatever is stored.
   */
  preferences(userId: string, role: SignedInRole): NotificationPreferences {
    const rows = this.#db
      .prepare('SELECT kind, channel, is_on FROM notification_choices WHERE user_id = ?')
      .all(userId) as { kind: string; channel: string; is_on: number }[];
    const on = new Set(rows.filter((row) => row.is_on === 1).map((row) => `${row.kind}|${row.channel}`));
    const badge = this.#db
      .prepare('SELECT app_badge FROM notification_settings WHERE user_id = ?')
      .pluck()
      .get(userId) as number | undefined;
    return {
      choices: offeredChoices(role).map((choice) => ({
        ...choice,
        on: on.has(`${choice.kind}|${choice.channel}`),
      })),
      appBadge: role === 'customer' && badge === 1,
    };
  }

  /** Stores the choices given (checked by the caller against the role); others keep their value. */
  update(userId: string, update: NotificationPreferencesUpdate, now: number): void {
    const setChoice = this.#db.prepare(
      `INSERT INTO notification_choices (user_id, kind, channel, is_on, updated_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, kind, channel) DO UPDATE SET is_on = excluded.is_on, updated_at = excluded.updated_at`,
    );
    this.#db.transaction(() => {
      for (const choice of update.choices ?? [])
        setChoice.run(userId, choice.kind, choice.channel, choice.on ? 1 : 0, now);
      if (update.appBadge !== undefined)
        this.#db
          .prepare(
            `INSERT INTO notification_settings (user_id, app_badge) VALUES (?, ?)
             ON CONFLICT (user_id) DO UPDATE SET app_badge = excluded.app_badge`,
          )
          .run(userId, update.appBadge ? 1 : 0);
    })();
  }

  /** The kinds and channels a user turned on. */
  choicesOn(userId: string): Set<string> {
    const rows = this.#db
      .prepare('SELECT kind, channel FROM notification_choices WHERE user_id = ? AND is_on = 1')
      .all(userId) as { kind: string; channel: string }[];
    return new Set(rows.map((row) => `${row.kind}|${row.channel}`));
  }

  /** Users with at least one kind turned on: the only ones the job looks at. */
  usersWithChoices(): string[] {
    return this.#db
      .prepare('SELECT DISTINCT user_id FROM notification_choices WHERE is_on = 1 ORDER BY user_id')
      .pluck()
      .all() as string[];
  }

  /**
   * Claims a notification in the log: false when this recipient already has it on this channel
   * (sent, held or undelivered), so the same key never goes twice.
   */
  claim(entry: LogEntry, status: 'sent' | 'held' | 'undelivered', now: number): boolean {
    const result = this.#db
      .prepare(
        `INSERT OR IGNORE INTO notification_log (user_id, account_id, promotion_id, kind, target, channel,
           title, body, navigate, status, not_before, created_at, sent_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        entry.userId,
        entry.accountId,
        entry.promotionId,
        entry.kind,
        entry.target,
        entry.channel,
        entry.title,
        entry.body,
        entry.navigate,
        status,
        entry.notBefore,
        now,
        status === 'held' ? null : now,
      );
    return result.changes > 0;
  }

  /** Held pushes whose quiet hours are over. */
  dueHeld(now: number): HeldEntry[] {
    const rows = this.#db
      .prepare(`SELECT * FROM notification_log WHERE status = 'held' AND not_before <= ? ORDER BY id`)
      .all(now) as LogRow[];
    return rows.map(toEntry);
  }

  /** Marks a held entry as gone (or undelivered); false when another run already did. */
  release(id: number, status: 'sent' | 'undelivered', now: number): boolean {
    const result = this.#db
      .prepare(`UPDATE notification_log SET status = ?, sent_at = ? WHERE id = ? AND status = 'held'`)
      .run(status, now, id);
    return result.changes > 0;
  }

  /** Marks a claimed entry as not delivered (no push subscription took it, or the mail failed). */
  markUndelivered(entry: LogEntry): void {
    this.#db
      .prepare(
        `UPDATE notification_log SET status = 'undelivered' WHERE user_id = ? AND account_id = ? AND promotion_id = ?
           AND kind = ? AND target = ? AND channel = ?`,
      )
      .run(entry.userId, entry.accountId, entry.promotionId, entry.kind, entry.target, entry.channel);
  }

  /** Turns one kind's e-mail off: the one-click unsubscribe. */
  turnEmailOff(userId: string, kind: NotificationKind, now: number): void {
    this.update(userId, { choices: [{ kind, channel: 'email', on: false }] }, now);
  }
}
