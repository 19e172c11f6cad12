/**
 * Whether this device can turn push notifications on, and if not, what the screen says instead
 * (docs/product-rules.md, "Notifications"). Pure: the screen reads the browser into a PushDevice
 * (readPushDevice in the UI) and shows what pushDeviceState decides.
 */

/** What the browser says about itself, read once by the screen. */
export interface PushDevice {
  userAgent: string;
  /** navigator.maxTouchPoints: iPadOS presents itself as a Mac, with touch. */
  maxTouchPoints: number;
  /** The app runs installed: `display-mode: standalone`, or iOS's `navigator.standalone`. */
  installed: boolean;
  hasServiceWorker: boolean;
  hasPushManager: boolean;
  hasNotification: boolean;
  /** Notification.permission, where Notification exists. */
  permission: NotificationPermission | undefined;
}

export type PushDeviceState =
  /** An iPhone or iPad in the browser: Web Push works only in the app added to the Home Screen. */
  | 'install-first'
  /** No Web Push in this browser at all. */
  | 'unsupported'
  /** The user (or the browser) said no: only the browser's site settings can change it now. */
  | 'denied'
  /** The button can ask (permission not asked yet) or subscribe (already allowed). */
  | 'available';

/** An iPhone, iPod or iPad, including an iPad that asks for desktop sites (it reports a Mac with touch). */
export function isAppleMobile(device: Pick<PushDevice, 'userAgent' | 'maxTouchPoints'>): boolean {
  if (/\b(iPhone|iPad|iPod)\b/.test(device.userAgent)) return true;
  return /\bMacintosh\b/.test(device.userAgent) && device.maxTouchPoints > 1;
}

export function pushDeviceState(device: PushDevice): PushDeviceState {
  // Safari on iOS and iPadOS (16.4+) offers Push only to Home Screen apps: in a tab it has no
  // PushManager, and "not supported" would hide the one step that makes it work.
  if (isAppleMobile(device) && !device.installed) return 'install-first';
  if (!device.hasServiceWorker || !device.hasPushManager || !device.hasNotification) return 'unsupported';
  if (device.permission === 'denied') return 'denied';
  return 'available';
}

/** Where the user changes a denied permission, in their browser's own words. */
export function deniedHelp(device: Pick<PushDevice, 'userAgent' | 'maxTouchPoints'>): string {
  if (isAppleMobile(device)) {
    return 'To allow them, open Settings → Notifications → Ezy Rewards and turn on Allow Notifications.';
  }
  return "To allow them, open this site's settings (the icon beside the address bar, or the browser's Settings → Site settings → Notifications) and allow notifications for this site, then come back here.";
}
