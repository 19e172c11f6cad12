import { daysRemainingColour } from '@promo/domain/promotion/tracking.rules';
import styles from './tracking.module.css';

/** Spec §2 'Promo Days Remaining' pill, coloured by spec §4's bands. */
export function DaysRemainingPill({ days }: { days: number }) {
  const colour = daysRemainingColour(days);
  return (
    <p className={`${styles.pill} ${styles[`pill-${colour}`]}`} data-colour={colour}>
      <span>Promo Days Remaining</span>
      <strong className={styles.pillDays}>{days}</strong>
    </p>
  );
}
