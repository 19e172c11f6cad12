import {
  NOTIFICATION_CHANNELS,
  notificationsOffered,
  type NotificationChannel,
  type NotificationKind,
} from '@promo/domain/notifications/notifications.contract';
import type { NotificationChoice } from '@promo/domain/api/notifications.schema';
import type { SignedInRole } from '@promo/domain/types';

/** Every kind and channel the role offers (notificationsOffered), each off: what a user has before choosing anything. */
export function offeredChoices(role: SignedInRole): NotificationChoice[] {
  return notificationsOffered(role).flatMap(({ kind, channels }) =>
    channels.map((channel) => ({ kind, channel, on: false })),
  );
}

/** Why a choice is not one the role may make, or undefined when it is. */
export function choiceRefusal(
  role: SignedInRole,
  kind: NotificationKind,
  channel: NotificationChannel,
): string | undefined {
  if (!notificationsOffered(role).some((offered) => offered.kind === kind))
    return `${kind} is not a notification for a ${role}.`;
  if (!NOTIFICATION_CHANNELS[kind].includes(channel)) return `${kind} is not sent by ${channel}.`;
  return undefined;
}

/** Why the role may not set the app badge, or undefined: the badge counts a customer's own rewards waiting to be chosen. */
export function appBadgeRefusal(role: SignedInRole): string | undefined {
  return role === 'customer' ? undefined : 'The app badge is for customers only.';
}
