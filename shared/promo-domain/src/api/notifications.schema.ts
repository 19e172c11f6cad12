import { z } from 'zod';
import { NOTIFICATION_KINDS } from './notification-kinds';

/**
 * The notification settings' calls to `/api/v1/notifications/*`, both ways, declared once. The
 * server validates with these schemas (server/src/routes/notifications.routes.ts, push.routes.ts)
 * and checks its answers against them (api-contract.ts);
 * the client's calls (notifications.queries.ts) and the device's subscription (push-device.ts in
 * @promo/ui) take the types inferred from them, imported as types only, so no route bundles zod.
 */

/** One kind on one channel, on or off. Everything is off until the user turns it on. */
const notificationChoiceSchema = z
  .object({ kind: z.enum(NOTIFICATION_KINDS), channel: z.enum(['push', 'email']), on: z.boolean() })
  .strict();
export type NotificationChoice = z.output<typeof notificationChoiceSchema>;

/** One notification the job sent (or held for quiet hours), as the job and POST /dev/trading-day report it. */
const sentNotificationSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: notificationChoiceSchema.shape.channel,
  /** The user's e-mail address. */
  to: z.string(),
  accountId: z.string().optional(),
  promotionId: z.string().optional(),
  /** The target's number (1-based), where the kind is about one target. */
  target: z.number().int().min(1).optional(),
  title: z.string(),
  body: z.string(),
  /** Absolute URL inside the app. */
  navigate: z.string(),
  /** 'sent', or 'held' until 07:00 NZ by quiet hours. */
  status: z.enum(['sent', 'held']),
});
export type SentNotification = z.output<typeof sentNotificationSchema>;

/** POST /dev/trading-day (DEV_ENDPOINTS only) answers with this. */
export const tradingDayResultSchema = z.object({
  /** The NZ trading day that was added, YYYY-MM-DD. */
  tradingDay: z.iso.date(),
  sent: z.array(sentNotificationSchema),
});
export type TradingDayResult = z.output<typeof tradingDayResultSchema>;

/**
 * GET and POST /notifications/preferences answer with this: every kind and channel the user's role
 * offers (customer or rep kinds, each on the channels of NOTIFICATION_CHANNELS), plus the app badge.
 */
export const notificationPreferencesSchema = z.object({
  choices: z.array(notificationChoiceSchema),
  /** Whether the installed app's icon shows the count of unlocked targets still waiting for a reward choice. */
  appBadge: z.boolean(),
});
export type NotificationPreferences = z.output<typeof notificationPreferencesSchema>;

/** GET /notifications/config answers with this (no sign-in needed). */
export const notificationsConfigSchema = z.object({
  /** The VAPID public key, base64url, for PushManager.subscribe's applicationServerKey. */
  vapidPublicKey: z.string(),
});
export type NotificationsConfig = z.output<typeof notificationsConfigSchema>;

/** POST /notifications/preferences: choices not listed keep their value. */
export const preferencesUpdateSchema = z
  .object({
    choices: z.array(notificationChoiceSchema).max(50).optional(),
    appBadge: z.boolean().optional(),
  })
  .strict();
export type NotificationPreferencesUpdate = z.input<typeof preferencesUpdateSchema>;

/** The bytes a base64url text (padded or not, as browsers differ) decodes to; undefined if it is not base64url. */
function base64urlBytes(value: string): number | undefined {
  const match = /^([A-Za-z0-9_-]*)={0,2}$/.exec(value);
  if (!match?.[1] || match[1].length % 4 === 1) return undefined;
  return Math.floor((match[1].length * 3) / 4);
}

/** base64url of exactly `bytes` bytes. */
const base64urlOf = (bytes: number) =>
  z
    .string()
    .max(200)
    .refine((value) => base64urlBytes(value) === bytes, { message: `Must be ${bytes} bytes, base64url` });

/** The shape of PushSubscription.toJSON(). */
export const pushSubscriptionSchema = z
  .object({
    endpoint: z.string().min(1, 'Required').max(1000),
    expirationTime: z.number().nullable().optional(),
    // p256dh: an uncompressed P-256 point (65 bytes); auth: the 16-byte secret (RFC 8291).
    keys: z.object({ p256dh: base64urlOf(65), auth: base64urlOf(16) }),
  })
  .strict();
export type PushSubscriptionJson = z.input<typeof pushSubscriptionSchema>;

/** POST /notifications/subscribe: this device's subscription. */
export const subscribeSchema = z.object({ subscription: pushSubscriptionSchema }).strict();
export type SubscribeRequest = z.input<typeof subscribeSchema>;

/** POST /notifications/unsubscribe: the endpoint of a subscription to forget. */
export const unsubscribeSchema = z.object({ endpoint: z.string().min(1, 'Required').max(1000) }).strict();
export type UnsubscribeRequest = z.input<typeof unsubscribeSchema>;
