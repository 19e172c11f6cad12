import type { NotificationChoice } from '../api/notifications.schema';
import {
  CUSTOMER_NOTIFICATION_KINDS,
  REP_NOTIFICATION_KINDS,
  type NotificationKind,
} from '../api/notification-kinds';
import type { SignedInRole } from '../types';

/**
 * The notifications part of the /api/v1 contract: what a user can opt into, and the Declarative Web
 * Push payload the server sends (the bodies of the notification routes, both ways:
 * api/notifications.schema.ts). The rules that
 * decide what is sent live beside this file; the wording is in docs/product-rules.md
 * ("Notifications").
 */

// The kinds are fixed lists of the contract (api/values.ts), named here too for the rules beside this file.
export {
  CUSTOMER_NOTIFICATION_KINDS,
  NOTIFICATION_KINDS,
  REP_NOTIFICATION_KINDS,
  type CustomerNotificationKind,
  type NotificationKind,
  type RepNotificationKind,
} from '../api/notification-kinds';

export type NotificationChannel = NotificationChoice['channel'];

/** The channels each kind can go out on; a digest is a read, not an alert, so it is e-mail only. */
export const NOTIFICATION_CHANNELS: Readonly<Record<NotificationKind, readonly NotificationChannel[]>> = {
  'target-unlocked': ['push', 'email'],
  'target-near': ['push', 'email'],
  'choice-closing': ['push', 'email'],
  'promotion-ending': ['push', 'email'],
  'weekly-digest': ['email'],
  'customer-unlocked': ['push', 'email'],
};

/**
 * What each role is offered (docs/product-rules.md, "Notifications"), for My Account's choices and
 * the server's: a customer hears about their own promotions, a rep about their customers. Each
 * kind in the contract's order, with the channels it goes out on.
 */
export function notificationsOffered(
  role: SignedInRole,
): { kind: NotificationKind; channels: readonly NotificationChannel[] }[] {
  const kinds: readonly NotificationKind[] =
    role === 'customer' ? CUSTOMER_NOTIFICATION_KINDS : REP_NOTIFICATION_KINDS;
  return kinds.map((kind) => ({ kind, channels: NOTIFICATION_CHANNELS[kind] }));
}

/**
 * A push message's JSON: Declarative Web Push (Safari 18.4+ shows it with no worker code), which the
 * shell's worker also shows itself in every other browser.
 */
export interface DeclarativePushPayload {
  web_push: 8030;
  notification: {
    title: string;
    body: string;
    /** An absolute URL inside the app's scope, opened when the notification is clicked. */
    navigate: string;
    /** One per account, promotion and kind, so a repeat replaces rather than stacks. */
    tag: string;
    lang: 'en-NZ';
  };
  /** The unlocked targets still waiting for a reward choice; sent only to users who turned the badge on. */
  app_badge?: number;
}

export type { SentNotification, TradingDayResult } from '../api/notifications.schema';
