import { useAtomValue } from '@promo/ui/app-store';
import { dismissNotification as dismiss, notificationsAtom } from './notifications.atoms';
import styles from './notification-area.module.css';

/** Rendered once by the shell; errors are announced assertively, the rest politely. */
export function NotificationArea() {
  const notifications = useAtomValue(notificationsAtom);
  return (
    <div className={styles.area}>
      <div role="status" aria-live="polite">
        {notifications
          .filter((n) => n.tone !== 'error')
          .map((n) => (
            <div key={n.id} className={`${styles.toast} ${styles[n.tone]}`}>
              <span>{n.message}</span>
              <button
                type="button"
                className={styles.dismiss}
                aria-label="Dismiss"
                onClick={() => dismiss(n.id)}
              >
                ×
              </button>
            </div>
          ))}
      </div>
      <div role="alert">
        {notifications
          .filter((n) => n.tone === 'error')
          .map((n) => (
            <div key={n.id} className={`${styles.toast} ${styles.error}`}>
              <span>{n.message}</span>
              <button
                type="button"
                className={styles.dismiss}
                aria-label="Dismiss"
                onClick={() => dismiss(n.id)}
              >
                ×
              </button>
            </div>
          ))}
      </div>
    </div>
  );
}
