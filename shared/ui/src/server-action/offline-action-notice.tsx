import { Button } from '@promo/ui/button';
import { isConnectionFailure, OFFLINE_ACTION_MESSAGE } from './offline-action';
import styles from './offline-action-notice.module.css';

/**
 * Beside an action's button: says the action was not sent for want of a connection, while the
 * action's last error is one (see offlineAction). Nothing otherwise. `onRetry` adds a "Try again"
 * for actions whose input has no submit button of its own to press again (a radio that saves at once).
 */
export function OfflineActionNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (!isConnectionFailure(error)) return null;
  return (
    <div className={styles.notice} role="alert">
      <p className={styles.message}>{OFFLINE_ACTION_MESSAGE}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      ) : null}
    </div>
  );
}
