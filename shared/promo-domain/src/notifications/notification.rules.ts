import { dayKeyToLocalNoon, nzDayKey } from '@promo/domain/calendar/nz-calendar';
import { formatLongDate } from '@promo/domain/format/clock-format';
import type { DeclarativePushPayload, NotificationKind } from './notifications.contract';

/**
 * What the notification job decides to send, before any channel or preference: the rules in
 * customer-notification.rules.ts and rep-notification.rules.ts make these, and the job turns each
 * into a push payload or an e-mail (docs/product-rules.md, "Notifications").
 */
export interface NotificationDecision {
  kind: NotificationKind;
  /** The customer account it is about; absent for the rep's digest. */
  accountId?: string;
  promotionId?: string;
  /** The target's number (1-based), or for the digest the NZ day number of its Monday. */
  target?: number;
  title: string;
  body: string;
  /** A path inside the app (paths.ts), made absolute on the app's origin when sent. */
  path: string;
}

/**
 * The once-only key: one notification per account, promotion, kind and target, for each recipient,
 * however often the job runs. Missing parts are empty (or 0 for the target).
 */
export interface NotificationKey {
  accountId: string;
  promotionId: string;
  kind: NotificationKind;
  target: number;
}

export function notificationKey(decision: NotificationDecision): NotificationKey {
  return {
    accountId: decision.accountId ?? '',
    promotionId: decision.promotionId ?? '',
    kind: decision.kind,
    target: decision.target ?? 0,
  };
}

/** The key as one string, for sets and logs. */
export function notificationKeyText(key: NotificationKey): string {
  return [key.accountId, key.promotionId, key.kind, key.target].join('|');
}

/** The NZ calendar date of an instant, as '5 December 2025', whatever the device's time zone. */
export function formatNzDate(epochMs: number): string {
  return formatLongDate(new Date(dayKeyToLocalNoon(nzDayKey(epochMs))));
}

/** A path made absolute on the app's origin: a notification opens inside the app, never elsewhere. */
export function absoluteAppUrl(appOrigin: string, path: string): string {
  return new URL(path, `${appOrigin.replace(/\/$/, '')}/`).href;
}

/**
 * The Declarative Web Push message for a decision. The tag is one per account, promotion and kind,
 * so a repeat (the next target near, say) replaces the notification rather than stacking.
 */
export function pushPayload(
  decision: NotificationDecision,
  appOrigin: string,
  appBadge?: number,
): DeclarativePushPayload {
  const tag = [decision.kind, decision.accountId ?? '', decision.promotionId ?? ''].join(':');
  return {
    web_push: 8030,
    notification: {
      title: decision.title,
      body: decision.body,
      navigate: absoluteAppUrl(appOrigin, decision.path),
      tag,
      lang: 'en-NZ',
    },
    ...(appBadge === undefined ? {} : { app_badge: appBadge }),
  };
}
