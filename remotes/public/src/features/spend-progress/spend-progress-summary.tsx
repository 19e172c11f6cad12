import { dayKeyToLocalNoon } from '@promo/domain/calendar/nz-calendar';
import { formatDate, formatDateRange } from '@promo/domain/format/format';
import type { SpendProgressMessage } from '@promo/domain/spend-progress/spend-progress-message.rules';
import {
  daysRemainingColour,
  type PromotionTimeline,
} from '@promo/domain/spend-progress/spend-progress.rules';
import styles from './spend-progress.module.css';

/** Whose progress, over which dates, how long is left, and how fresh the figures are. */
export function SpendProgressSummary({
  message,
  timeline,
}: {
  message: SpendProgressMessage;
  timeline: PromotionTimeline;
}) {
  const latestDay = Object.keys(message.pastProgressDetails).sort().at(-1);
  return (
    <div className={styles.summary}>
      <p className={styles.account}>
        {message.account.name ? `${message.account.name} (${message.account.id})` : message.account.id}
      </p>
      <p className={styles.muted}>{formatDateRange(message.startTimestamp, message.endTimestamp)}</p>
      <p className={`${styles.pill} ${styles[daysRemainingColour(timeline.daysRemaining)]}`}>
        Promo Days Remaining: <strong>{timeline.daysRemaining}</strong>
      </p>
      {latestDay ? (
        <p className={styles.muted}>Spend as at the end of {formatDate(dayKeyToLocalNoon(latestDay))}</p>
      ) : null}
    </div>
  );
}
