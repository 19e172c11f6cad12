import { atom } from 'jotai';

/** Notifications auto-clear after 5 seconds unless told otherwise (spec §4, §9). */
export const NOTIFICATION_DEFAULT_MS = 5000;

export type NotificationTone = 'success' | 'error' | 'info';

export interface Notification {
  id: number;
  tone: NotificationTone;
  message: string;
  /** How long it stays, ms. */
  duration: number;
}

export const notificationsAtom = atom<Notification[]>([]);
