import { appAtom, appStore } from '@promo/ui/app-store';

/** Notifications auto-clear after 5 seconds unless told otherwise (docs/product-rules.md, 'Formats and constants'). */
export const NOTIFICATION_DEFAULT_MS = 5000;

export type NotificationTone = 'success' | 'error' | 'info';

export interface Notification {
  id: number;
  tone: NotificationTone;
  message: string;
  /** How long it stays, ms. */
  duration: number;
}

/** The toasts on screen, oldest first. */
export const notificationsAtom = appAtom<Notification[]>([]);

let nextId = 1;

export function dismissNotification(id: number): void {
  appStore.set(notificationsAtom, (current) => current.filter((n) => n.id !== id));
}

/** Shows a toast; it clears itself after `duration` ms (default 5000). Callable outside React. */
export function notify(tone: NotificationTone, message: string, duration = NOTIFICATION_DEFAULT_MS): void {
  const id = nextId++;
  appStore.set(notificationsAtom, (current) => [...current, { id, tone, message, duration }]);
  setTimeout(() => dismissNotification(id), duration);
}
