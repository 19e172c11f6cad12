import { daysRemainingColour } from '@promo/domain/tracking-rules';
import styles from './tracking.module.css';

/** The 'Promo Days Remaining' pill, coloured by daysRemainingColour's bands (docs/product-rules.md, 'Tracking view'). */
export function DaysRemainingPill({ days }: { days: number }) {
  const colour = daysRemainingColour(days);
  return (
    <p className={`${styles.pill} ${styles[`pill-${colour}`]}`} data-colour={colour}>
      <span>Promo Days Remaining</span>
      <strong className={styles.pillDays}>{days}</strong>
    </p>
  );
}
