import type { PushSubscriptionJson } from '@promo/domain/api/notifications.schema';
import type { PushDevice } from '@promo/domain/notifications/push-device.rules';

/**
 * The browser's side of Web Push for the Notifications section: what the browser offers
 * (pushDeviceState in @promo/domain decides from it), this device's subscription, and the
 * subscription itself.
 */

export function readPushDevice(win: Window = window): PushDevice {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  const notification = (win as Window & { Notification?: typeof Notification }).Notification;
  return {
    userAgent: nav.userAgent,
    maxTouchPoints: nav.maxTouchPoints ?? 0,
    installed: nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true,
    hasServiceWorker: 'serviceWorker' in nav,
    hasPushManager: 'PushManager' in win,
    hasNotification: notification !== undefined,
    permission: notification?.permission,
  };
}

/** The shell's worker registration, if there is one (none while the app runs from a dev server). */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!('serviceWorker' in navigator)) return undefined;
  return navigator.serviceWorker.getRegistration();
}

/** This device's push subscription, if it has one. */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  const worker = await registration();
  return (await worker?.pushManager.getSubscription()) ?? null;
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll('-', '+').replaceAll('_', '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Subscribes this device with the server's key; the answer is what POST /notifications/subscribe takes. */
export async function subscribeDevice(vapidPublicKey: string): Promise<PushSubscription> {
  const worker = await registration();
  if (!worker) throw new Error('No service worker: this page cannot receive notifications.');
  return worker.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: applicationServerKey(vapidPublicKey),
  });
}

export function subscriptionJson(subscription: PushSubscription): PushSubscriptionJson {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
}
