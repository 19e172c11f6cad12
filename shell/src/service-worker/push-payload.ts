import type { DeclarativePushPayload } from '@promo/domain/notifications/notifications.contract';

/**
 * The pure half of the worker's push handling (push.ts): reading a push message's Declarative Web
 * Push JSON into the notification to show, and where a click on it may go.
 */

/** The app's icon beside the notification's text (shell/public/icons). */
const NOTIFICATION_ICON = '/icons/icon-192.png';

export interface ShownNotification {
  title: string;
  options: Omit<NotificationOptions, 'data'> & { data: { navigate: string } };
  /** The app badge's number, when the message carries one. */
  appBadge: number | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The message's JSON, or undefined for anything that is not (empty, not JSON). */
export function readPushJson(text: () => string): unknown {
  try {
    return JSON.parse(text()) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * The notification a DeclarativePushPayload asks for, its click target kept inside the app
 * (`scope`, the worker registration's); undefined for a message that is not one (no title, say),
 * which is shown nothing rather than breaking the worker.
 */
export function notificationFromPayload(payload: unknown, scope: string): ShownNotification | undefined {
  if (!isRecord(payload) || payload.web_push !== 8030 || !isRecord(payload.notification)) return undefined;
  const { title, body, navigate, tag, lang } = payload.notification as Partial<
    Record<keyof DeclarativePushPayload['notification'], unknown>
  >;
  if (typeof title !== 'string' || title.trim() === '') return undefined;
  const badge = payload.app_badge;
  return {
    title,
    options: {
      body: typeof body === 'string' ? body : '',
      // One per account, promotion and kind: a repeat replaces the one shown.
      ...(typeof tag === 'string' && tag !== '' ? { tag } : {}),
      lang: typeof lang === 'string' ? lang : 'en-NZ',
      icon: new URL(NOTIFICATION_ICON, scope).href,
      data: { navigate: clickTarget(navigate, scope) },
    },
    appBadge: typeof badge === 'number' && Number.isInteger(badge) && badge >= 0 ? badge : undefined,
  };
}

/**
 * Where a click goes: `navigate` when it is inside the app (same origin, under the worker's scope),
 * else the app's start URL, so a message can never send anyone to another site.
 */
export function clickTarget(navigate: unknown, scope: string): string {
  const start = new URL(scope).href;
  if (typeof navigate !== 'string') return start;
  let url: URL;
  try {
    url = new URL(navigate, start);
  } catch {
    return start;
  }
  return url.href.startsWith(start) && url.origin === new URL(start).origin ? url.href : start;
}

/** The app window a click should bring forward: one inside the scope, the focused one first. */
export function appWindow<C extends { url: string; focused: boolean }>(
  windows: readonly C[],
  scope: string,
): C | undefined {
  const inScope = windows.filter((window) => window.url.startsWith(new URL(scope).href));
  return inScope.find((window) => window.focused) ?? inScope[0];
}
