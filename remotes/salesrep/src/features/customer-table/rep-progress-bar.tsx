import { targetProgress } from '@promo/domain/promotion/target-progress.rules';
import {
  paceLabel,
  percentExcess,
  repBarColour,
  type PromotionPace,
} from '@promo/domain/rep/rep-progress.rules';
import type { Target } from '@promo/domain/types';
import styles from './customer-table.module.css';

/**
 * The customer's progress as a bar and a value: the percent of the target in focus, named as the
 * customer's own tracking ring names it ("96%", "of Target 2"; targetProgress). The colour says
 * whether they keep pace to the first target (green, orange, red), and the same words are there for
 * screen readers.
 */
export function RepProgressBar({
  totalSpend,
  firstTarget,
  targets,
  pace,
}: {
  totalSpend: number;
  firstTarget: number;
  targets: readonly Target[];
  pace: PromotionPace;
}) {
  const excess = percentExcess(totalSpend, firstTarget, pace);
  const colour = excess === undefined ? undefined : repBarColour(excess);
  const { percent, caption } = targetProgress(targets, totalSpend);
  return (
    <div className={styles.progress}>
      <span className={styles.track} aria-hidden="true">
        <span
          className={`${styles.fill} ${colour ? styles[colour] : ''}`}
          style={{ width: `${percent}%` }}
          data-colour={colour}
        />
      </span>
      <span className={styles.value}>
        <span>{percent}%</span> <span className={styles.caption}>{caption}</span>
        {colour ? <span className="visually-hidden">, {paceLabel(colour)}</span> : null}
      </span>
    </div>
  );
}
