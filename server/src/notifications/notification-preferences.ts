import {
  CUSTOMER_NOTIFICATION_KINDS,
  NOTIFICATION_CHANNELS,
  REP_NOTIFICATION_KINDS,
  type NotificationChannel,
  type NotificationKind,
} from '@promo/domain/notifications/notifications.contract';
import type { NotificationChoice } from '@promo/domain/api/notifications.schema';

type Role = 'customer' | 'rep';

/** The kinds a role is offered: a customer hears about their own promotions, a rep about their customers. */
function kindsOffered(role: Role): readonly NotificationKind[] {
  return role === 'customer' ? CUSTOMER_NOTIFICATION_KINDS : REP_NOTIFICATION_KINDS;
}

/** Every kind and channel the role offers, each off: what a user has before choosing anything. */
export function offeredChoices(role: Role): NotificationChoice[] {
  return kindsOffered(role).flatMap((kind) =>
    NOTIFICATION_CHANNELS[kind].map((channel) => ({ kind, channel, on: false })),
  );
}

/** Why a choice is not one the role may make, or undefined when it is. */
export function choiceRefusal(
  role: Role,
  kind: NotificationKind,
  channel: NotificationChannel,
): string | undefined {
  if (!kindsOffered(role).includes(kind)) return `${kind} is not a notification for a ${role}.`;
  if (!NOTIFICATION_CHANNELS[kind].includes(channel)) return `${kind} is not sent by ${channel}.`;
  return undefined;
}

/** Why the role may not set the app badge, or undefined: the badge counts a customer's own rewards waiting to be chosen. */
export function appBadgeRefusal(role: Role): string | undefined {
  return role === 'customer' ? undefined : 'The app badge is for customers only.';
}
