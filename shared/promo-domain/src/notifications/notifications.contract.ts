/**
 * The notifications part of the /api/v1 contract: what a user can opt into, what the server answers,
 * and the Declarative Web Push payload it sends (the request bodies: notification-requests.schema.ts). The rules that
 * decide what is sent live beside this file; the wording is in docs/product-rules.md
 * ("Notifications").
 */

/** What a customer can be told about their own promotions. */
export const CUSTOMER_NOTIFICATION_KINDS = [
  /** A target reached, with a reward still to choose. */
  'target-unlocked',
  /** The next target within reach, with the daily pace that gets there. */
  'target-near',
  /** Reward choices close soon while an unlocked target has no choice. */
  'choice-closing',
  /** The promotion ends soon and no target is reached. */
  'promotion-ending',
] as const;

/** What a rep can be told about the customers of their regions or chosen branches. */
export const REP_NOTIFICATION_KINDS = [
  /** Monday 7:00 NZ: customers who slipped, joined or unlocked a target that week. */
  'weekly-digest',
  /** One of the rep's customers unlocked a target. */
  'customer-unlocked',
] as const;

/** Every kind, the customer's then the rep's. */
export const NOTIFICATION_KINDS = [...CUSTOMER_NOTIFICATION_KINDS, ...REP_NOTIFICATION_KINDS] as const;

export type CustomerNotificationKind = (typeof CUSTOMER_NOTIFICATION_KINDS)[number];
export type RepNotificationKind = (typeof REP_NOTIFICATION_KINDS)[number];
export type NotificationKind = CustomerNotificationKind | RepNotificationKind;

export type NotificationChannel = 'push' | 'email';

/** The channels each kind can go out on; a digest is a read, not an alert, so it is e-mail only. */
export const NOTIFICATION_CHANNELS: Readonly<Record<NotificationKind, readonly NotificationChannel[]>> = {
  'target-unlocked': ['push', 'email'],
  'target-near': ['push', 'email'],
  'choice-closing': ['push', 'email'],
  'promotion-ending': ['push', 'email'],
  'weekly-digest': ['email'],
  'customer-unlocked': ['push', 'email'],
};

/** One kind on one channel, on or off. Everything is off until the user turns it on. */
export interface NotificationChoice {
  kind: NotificationKind;
  channel: NotificationChannel;
  on: boolean;
}

/**
 * GET /notifications/preferences answers with this: every kind and channel the user's role offers
 * (customer or rep kinds, each on the channels of NOTIFICATION_CHANNELS), plus the app badge.
 */
export interface NotificationPreferences {
  choices: NotificationChoice[];
  /** Whether the installed app's icon shows the count of unlocked targets still waiting for a reward choice. */
  appBadge: boolean;
}

/** GET /notifications/config answers with this (no sign-in needed). */
export interface NotificationsConfig {
  /** The VAPID public key, base64url, for PushManager.subscribe's applicationServerKey. */
  vapidPublicKey: string;
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

/** One notification the job sent (or held for quiet hours), as the job and POST /dev/trading-day report it. */
export interface SentNotification {
  kind: NotificationKind;
  channel: NotificationChannel;
  /** The user's e-mail address. */
  to: string;
  accountId?: string;
  promotionId?: string;
  /** The target's number (1-based), where the kind is about one target. */
  target?: number;
  title: string;
  body: string;
  /** Absolute URL inside the app. */
  navigate: string;
  /** 'sent', or 'held' until 07:00 NZ by quiet hours. */
  status: 'sent' | 'held';
}

/** POST /dev/trading-day answers with this. */
export interface TradingDayResult {
  /** The NZ trading day that was added, YYYY-MM-DD. */
  tradingDay: string;
  sent: SentNotification[];
}
