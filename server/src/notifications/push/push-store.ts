import type { PushSubscriptionJson } from '@promo/domain/api/notifications.schema';
import webPush from 'web-push';
import { hashSecret } from '../../auth/secret-tokens';
import { storedSecret } from '../../auth/server-secrets';
import type { Db } from '../../db/open-database';
import { z } from 'zod';
import { readJsonColumn } from '../../db/json-column';

export interface VapidKeys {
  /** base64url, the uncompressed P-256 point browsers take as applicationServerKey. */
  publicKey: string;
  privateKey: string;
}

const vapidKeysColumn = z.object({ publicKey: z.string(), privateKey: z.string() });

export interface StoredSubscription {
  endpoint: string;
  userId: string;
  keys: { p256dh: string; auth: string };
}

/** The most subscriptions one user keeps; subscribing another drops their oldest. */
const MAX_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Web Push's SQL: the server's VAPID key pair and the browsers' subscriptions. The key pair is made
 * on first use and kept in server_secrets, so a restart keeps every subscription valid (a browser
 * subscribed under one public key cannot be reached with another).
 */
export class PushStore {
  constructor(private readonly db: Db) {}

  vapidKeys(now: number): VapidKeys {
    const stored = storedSecret(this.db, 'vapid', () => JSON.stringify(webPush.generateVAPIDKeys()), now);
    return readJsonColumn(vapidKeysColumn, stored, 'server_secrets.value (vapid)');
  }

  /**
   * Keeps `subscription` for `userId`, signed in with session `sessionId` (only its hash is kept):
   * signing out of that session removes it (forgetSession). An endpoint subscribed before moves to
   * this user and session.
   */
  subscribe(userId: string, subscription: PushSubscriptionJson, sessionId: string, now: number): void {
    const { endpoint, keys } = subscription;
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO push_subscriptions (endpoint, user_id, p256dh, auth, session_hash, created_at)
           VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id, p256dh = excluded.p256dh,
             auth = excluded.auth, session_hash = excluded.session_hash, created_at = excluded.created_at`,
        )
        .run(endpoint, userId, keys.p256dh, keys.auth, hashSecret(sessionId), now);
      this.db
        .prepare(
          `DELETE FROM push_subscriptions WHERE user_id = ? AND endpoint NOT IN (
             SELECT endpoint FROM push_subscriptions WHERE user_id = ? ORDER BY created_at DESC, endpoint LIMIT ?)`,
        )
        .run(userId, userId, MAX_SUBSCRIPTIONS_PER_USER);
    })();
  }

  /**
   * Removes the subscriptions made in session `sessionId`: that device's, as its user signs out.
   * The browser removes its own too (shell/src/session/sign-out.ts), but may be offline or fail.
   */
  forgetSession(sessionId: string): void {
    this.db.prepare('DELETE FROM push_subscriptions WHERE session_hash = ?').run(hashSecret(sessionId));
  }

  /** Removes the user's own subscription of `endpoint`; true if there was one. */
  unsubscribe(userId: string, endpoint: string): boolean {
    return (
      this.db
        .prepare('DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?')
        .run(endpoint, userId).changes > 0
    );
  }

  /** The push service said the subscription is gone (404, 410). */
  forget(endpoint: string): void {
    this.db.prepare('DELETE FROM push_subscriptions WHERE endpoint = ?').run(endpoint);
  }

  subscriptionsOf(userId: string): StoredSubscription[] {
    const rows = this.db
      .prepare('SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE user_id = ? ORDER BY created_at')
      .all(userId) as { endpoint: string; p256dh: string; auth: string }[];
    return rows.map((row) => ({
      endpoint: row.endpoint,
      userId,
      keys: { p256dh: row.p256dh, auth: row.auth },
    }));
  }
}
