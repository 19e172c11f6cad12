import { formatCurrency } from '@promo/domain/format/format';
import type { SpendProgressMessage } from '@promo/domain/spend-progress/spend-progress-message.rules';
import {
  targetsReached,
  type PromotionTimeline,
  type TargetProgress,
} from '@promo/domain/spend-progress/spend-progress.rules';
import { Figure } from './figure';
import { ProgressBar } from './progress-bar';
import styles from './spend-progress.module.css';

/** The multi-target view, one bar per target in order. */
export function MultiTargetProgress({
  message,
  targets,
  timeline,
}: {
  message: SpendProgressMessage;
  targets: TargetProgress[];
  timeline: PromotionTimeline;
}) {
  const reached = targetsReached(targets);
  return (
    <section className={styles.card} aria-labelledby="multi-target-heading">
      <h2 id="multi-target-heading" className={styles.heading}>
        Your progress across {targets.length} targets
      </h2>
      <dl className={styles.stats}>
        <Figure name="Actual">{formatCurrency(message.totalSpend)}</Figure>
        <Figure name="Targets Reached">
          {reached} of {targets.length}
        </Figure>
        <Figure name="% Time Completed">{timeline.percentTimeCompleted}%</Figure>
      </dl>
      <ol className={styles.targets}>
        {targets.map((target, index) => {
          const dailyTarget = message.dailySalesTargets[index];
          return (
            <li key={target.targetNumber} className={styles.target}>
              <h3 className={styles.targetHeading}>Target {target.targetNumber}</h3>
              <p className={styles.targetFigures}>
                <span>{formatCurrency(target.amount, { decimals: 0 })}</span>
                <span>{target.percent}% achieved</span>
              </p>
              <ProgressBar
                label={`Target ${target.targetNumber} progress`}
                percent={target.percent}
                reached={target.reached}
                valueText={`${target.percent}% of ${formatCurrency(target.amount, { decimals: 0 })}`}
              />
              <p className={styles.muted}>
                {target.reached ? 'Reached' : `${formatCurrency(target.remaining)} to go`}
                {dailyTarget !== undefined ? ` · daily target ${formatCurrency(dailyTarget)}` : ''}
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
