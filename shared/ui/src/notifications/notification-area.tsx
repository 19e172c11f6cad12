import { useAtomValue } from '@promo/ui/app-store';
import { dismissNotification as dismiss, notificationsAtom, type Notification } from './notifications.atoms';
import styles from './notification-area.module.css';

/** Rendered once by the shell; errors are announced assertively, the rest politely. */
export function NotificationArea() {
  const notifications = useAtomValue(notificationsAtom);
  return (
    <div className={styles.area}>
      <div role="status" aria-live="polite">
        <Toasts notifications={notifications.filter((n) => n.tone !== 'error')} />
      </div>
      <div role="alert">
        <Toasts notifications={notifications.filter((n) => n.tone === 'error')} />
      </div>
    </div>
  );
}

/** Each message with its own Dismiss button, in the colour of its tone. */
function Toasts({ notifications }: { notifications: readonly Notification[] }) {
  return notifications.map((n) => (
    <div key={n.id} className={`${styles.toast} ${styles[n.tone]}`}>
      <span>{n.message}</span>
      <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={() => dismiss(n.id)}>
        ×
      </button>
    </div>
  ));
}
