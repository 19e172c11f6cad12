import {
  barFillPercent,
  formatAchieved,
  paceLabel,
  percentExcess,
  repBarColour,
  type PromotionPace,
} from '@promo/domain/rep-progress';
import styles from './customer-table.module.css';

/**
 * The customer's progress to the first target as a bar and a value; the colour says
 * whether they keep pace (green, orange, red), and the same words are there for screen readers.
 */
export function RepProgressBar({
  totalSpend,
  firstTarget,
  percentageAchieved,
  pace,
}: {
  totalSpend: number;
  firstTarget: number;
  percentageAchieved: number;
  pace: PromotionPace;
}) {
  const excess = percentExcess(totalSpend, firstTarget, pace);
  const colour = excess === undefined ? undefined : repBarColour(excess);
  return (
    <div className={styles.progress}>
      <span className={styles.track} aria-hidden="true">
        <span
          className={`${styles.fill} ${colour ? styles[colour] : ''}`}
          style={{ width: `${barFillPercent(percentageAchieved)}%` }}
          data-colour={colour}
        />
      </span>
      <span className={styles.value}>
        {formatAchieved(percentageAchieved)}
        {colour ? <span className="visually-hidden">, {paceLabel(colour)}</span> : null}
      </span>
    </div>
  );
}
