import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { NOTIFICATION_DEFAULT_MS, notificationsAtom, type NotificationTone } from './notifications.atoms';

let nextId = 1;

/** Shows a toast; it clears itself after `duration` ms (default 5000). */
export function useNotify() {
  const setNotifications = useSetAtom(notificationsAtom);
  return useCallback(
    (tone: NotificationTone, message: string, duration = NOTIFICATION_DEFAULT_MS) => {
      const id = nextId++;
      setNotifications((current) => [...current, { id, tone, message, duration }]);
      setTimeout(() => setNotifications((current) => current.filter((n) => n.id !== id)), duration);
    },
    [setNotifications],
  );
}
