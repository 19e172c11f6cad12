import { formatCurrency } from '@promo/domain/format/format';
import type { SpendProgressMessage } from '@promo/domain/spend-progress/spend-progress-message.rules';
import type { PromotionTimeline, TargetProgress } from '@promo/domain/spend-progress/spend-progress.rules';
import { Figure } from './figure';
import { ProgressBar } from './progress-bar';
import styles from './spend-progress.module.css';

/** The single-target view, as figures and one bar. */
export function SingleTargetProgress({
  message,
  target,
  timeline,
}: {
  message: SpendProgressMessage;
  target: TargetProgress;
  timeline: PromotionTimeline;
}) {
  const dailyTarget = message.dailySalesTargets[0];
  return (
    <section className={styles.card} aria-labelledby="single-target-heading">
      <h2 id="single-target-heading" className={styles.heading}>
        Your progress
      </h2>
      <dl className={styles.stats}>
        <Figure name="Actual">{formatCurrency(message.totalSpend)}</Figure>
        <Figure name="Target">{formatCurrency(target.amount, { decimals: 0 })}</Figure>
        <Figure name="% Target Achieved">{target.percent}%</Figure>
        <Figure name="% Time Completed">{timeline.percentTimeCompleted}%</Figure>
      </dl>
      <ProgressBar
        label="Spend against target"
        percent={target.percent}
        reached={target.reached}
        valueText={`${target.percent}% of ${formatCurrency(target.amount, { decimals: 0 })}`}
      />
      <p className={styles.outcome}>
        {target.reached
          ? 'Target reached. Well done!'
          : `${formatCurrency(target.remaining)} to go to reach your target.`}
      </p>
      {message.currentDailySales !== undefined || dailyTarget !== undefined ? (
        <dl className={styles.stats}>
          {message.currentDailySales !== undefined ? (
            <Figure name="Average Daily Spend">{formatCurrency(message.currentDailySales)}</Figure>
          ) : null}
          {dailyTarget !== undefined ? (
            <Figure name="Daily Target">{formatCurrency(dailyTarget)}</Figure>
          ) : null}
        </dl>
      ) : null}
    </section>
  );
}
