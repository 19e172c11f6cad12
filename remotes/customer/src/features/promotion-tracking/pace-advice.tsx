import { formatCurrency, formatDate, formatDayMonth } from '@promo/domain/format';
import { paceAdvice } from '@promo/domain/pace';
import { dayKeyToLocalNoon, dayKeyToNzInstant } from '@promo/domain/tracking-rules';
import type { Target } from '@promo/domain/types';
import styles from './tracking.module.css';

/** Whole dollars, rounded up: a cent short each day would miss the target. */
const perDay = (amount: number) => formatCurrency(Math.ceil(amount), { decimals: 0 });

/**
 * Beyond the spec (issue 4): what the customer must spend per remaining trading day to reach each
 * target by the end date, and whether their pace so far gets there. Counted from the data's date,
 * so a day whose invoices are not in yet still counts as a day to spend in.
 */
export function PaceAdvice({
  dataDay,
  now,
  startTimestamp,
  endTimestamp,
  totalSpend,
  targets,
}: {
  /** The day of the latest figures ('YYYYMMDD'), if any: what "as at" refers to. */
  dataDay: string | undefined;
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: Target[];
}) {
  const asAt = dataDay ? dayKeyToNzInstant(dataDay) : now;
  const advice = paceAdvice({ now: asAt, startTimestamp, endTimestamp, totalSpend, targets });
  const end = formatDayMonth(endTimestamp);
  const notStarted = advice.elapsedTradingDays === 0;

  return (
    <section className={styles.pace} aria-label="Your pace">
      <h3 className={styles.subheading}>Your pace</h3>
      <ul className={styles.paceList}>
        {advice.targets.map((target) => {
          const name = `Target ${target.targetNumber}`;
          let headline: string;
          let detail: string | undefined;
          if (target.reached) {
            headline = `${name} reached`;
          } else if (advice.remainingTradingDays === 0) {
            headline = `${name} not reached`;
            detail = `${formatCurrency(target.remaining)} short`;
          } else {
            headline = target.onPace
              ? `On pace for ${name} by ${end}`
              : notStarted
                ? `${name}: ${formatCurrency(target.amount, { decimals: 0 })}`
                : `Behind pace for ${name}`;
            detail = `${perDay(target.perTradingDayNeeded)} per trading day to reach ${name}`;
          }
          const tone = target.reached || target.onPace ? styles.paceGood : styles.paceBehind;
          return (
            <li key={target.targetNumber} className={`${styles.paceItem} ${tone}`}>
              <strong>{headline}</strong>
              {detail ? <span>{detail}</span> : null}
            </li>
          );
        })}
      </ul>
      <p className={styles.paceMeta}>
        {advice.remainingTradingDays === 1
          ? '1 trading day left'
          : `${advice.remainingTradingDays} trading days left`}{' '}
        · as at {formatDate(dataDay ? dayKeyToLocalNoon(dataDay) : now)}
      </p>
    </section>
  );
}
