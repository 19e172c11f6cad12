import { createHmac, timingSafeEqual } from 'node:crypto';
import type { NotificationKind } from '@promo/domain/notifications/notifications.contract';
import { serverSecret } from '../auth/server-secrets';
import type { Db } from '../db/open-database';

/**
 * The one-click unsubscribe link every notification e-mail carries (RFC 8058): it names a user and
 * a kind, and an HMAC under a key of this server's (server_secrets) proves the server wrote it, so
 * it turns that kind's e-mail off without signing in, and nobody can forge one for someone else.
 */
const SECRET_NAME = 'notification-unsubscribe';
export const UNSUBSCRIBE_PATH = '/api/v1/notifications/email/unsubscribe';

function signature(db: Db, userId: string, kind: string, now: number): string {
  return createHmac('sha256', serverSecret(db, SECRET_NAME, now))
    .update(`${userId}\n${kind}`)
    .digest('base64url');
}

/** The link's path and query, to be made absolute on the public origin. */
export function unsubscribePath(db: Db, userId: string, kind: NotificationKind, now: number): string {
  const query = new URLSearchParams({ u: userId, k: kind, s: signature(db, userId, kind, now) });
  return `${UNSUBSCRIBE_PATH}?${query.toString()}`;
}

/** Whether a link's signature is the server's for that user and kind. */
export function isValidUnsubscribe(db: Db, link: { u: string; k: string; s: string }, now: number): boolean {
  const expected = Buffer.from(signature(db, link.u, link.k, now));
  const given = Buffer.from(link.s);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
