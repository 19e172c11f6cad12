import { formatCurrency, formatDate, formatDayMonth, formatPerTradingDay } from '@promo/domain/format/format';
import { dayKeyToLocalNoon, nzDayKey, trackingToday } from '@promo/domain/calendar/nz-calendar';
import { paceAdvice } from '@promo/domain/pace/pace.rules';
import type { SpendProjection } from '@promo/domain/pace/projection.rules';
import type { Target } from '@promo/domain/types';
import styles from './tracking.module.css';

/** An NZ date ('YYYYMMDD') as 'D MMMM', the same date on a device in any time zone. */
const dayMonth = (key: string) => formatDayMonth(dayKeyToLocalNoon(key));

/** Where the projection at the customer's pace lands, in one line; undefined when there is nothing to say. */
function projectionLine(projection: SpendProjection): string | undefined {
  const open = projection.targets.filter((target) => target.status !== 'reached');
  if (open.length === 0 || projection.days.every((day) => day.projected === null)) return undefined;
  const furthest = open.findLast((target) => target.status === 'crosses');
  if (furthest?.status === 'crosses') {
    return `At your pace: Target ${furthest.targetNumber} on ${dayMonth(furthest.dayKey)}`;
  }
  return `At your pace you will not reach Target ${open[0]?.targetNumber} by the end`;
}

/**
 * docs/product-rules.md, 'One clock: what today is': what the customer must spend per remaining trading day to reach each
 * target by the end date, whether their pace so far gets there, and where that pace lands. Today is
 * a day still to spend in: its spend is not in the figures until the overnight update.
 */
export function PaceAdvice({
  dataDay,
  now,
  startTimestamp,
  endTimestamp,
  totalSpend,
  targets,
  projection,
}: {
  /** The day of the latest figures ('YYYYMMDD'), if any: what "as at" refers to. */
  dataDay: string | undefined;
  now: number;
  startTimestamp: number;
  endTimestamp: number;
  totalSpend: number;
  targets: Target[];
  /** spendProjection of the same figures, which the chart draws too. */
  projection: SpendProjection;
}) {
  const advice = paceAdvice({ now, startTimestamp, endTimestamp, totalSpend, targets });
  const end = dayMonth(nzDayKey(endTimestamp));
  const notStarted = advice.elapsedTradingDays === 0;
  const landing = projectionLine(projection);

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
            detail = `${formatPerTradingDay(target.perTradingDayNeeded)} per trading day to reach ${name}`;
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
      {landing ? <p className={styles.paceMeta}>{landing}</p> : null}
      <p className={styles.paceMeta}>
        {advice.remainingTradingDays === 1
          ? '1 trading day left'
          : `${advice.remainingTradingDays} trading days left`}{' '}
        · as at {formatDate(dayKeyToLocalNoon(dataDay ?? trackingToday(now)))}
      </p>
    </section>
  );
}
