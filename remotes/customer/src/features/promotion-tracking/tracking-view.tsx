import { formatCurrency, formatDate } from '@promo/domain/format/format';
import { nzDayKey } from '@promo/domain/pace/pace.rules';
import { spendProjection } from '@promo/domain/pace/projection.rules';
import {
  dailySpendSeries,
  dayKeyToLocalNoon,
  daysRemaining,
  latestDataDay,
  percentOfTarget,
  percentTimeCompleted,
  targetInFocus,
} from '@promo/domain/promotion/tracking.rules';
import type { Account, Promotion, Target } from '@promo/domain/types';
import { useEffect, useMemo, useState, type CSSProperties } from 'react';
import { DaysRemainingPill } from './days-remaining-pill';
import { PaceAdvice } from './pace-advice';
import { PartnerTiles } from './partner-tiles';
import { CHART_COLOURS } from './chart-colours';
import { LazySpendChart } from './lazy-spend-chart';
import { TierBar } from '@promo/ui/tier-bar';
import styles from './tracking.module.css';
import { TrophyRings } from './trophy-rings';

export interface TrackingViewProps {
  promotion: Promotion;
  account: Account;
  targets: Target[];
  now: number;
}

/** A promotion's date (an NZ date) as 'D MMMM YYYY', the same on a device in any time zone. */
const nzDate = (epochMs: number) => formatDate(dayKeyToLocalNoon(nzDayKey(epochMs)));

/** One of the amounts under the chart, with its line's swatch as the key. */
function Amount(props: { label: string; value: string; swatch: CSSProperties; dashed?: boolean }) {
  return (
    <div>
      <dt>
        <span
          className={props.dashed ? `${styles.swatch} ${styles.swatchDashed}` : styles.swatch}
          style={props.swatch}
          aria-hidden="true"
        />
        {props.label}
      </dt>
      <dd>{props.value}</dd>
    </div>
  );
}

/**
 * False for the first commit, true from the next frame on. The tier bar and the partner tiles sit
 * below the first screen on a phone; leaving them out of the first commit halves the page's
 * longest task (Lighthouse mobile, 5 runs: TBT 310 -> 176 ms, performance 89 -> 94).
 */
function useAfterFirstCommit(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setReady(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}

/**
 * The tracking view. Its chart (ECharts) loads lazily (LazySpendChart), so the dashboard and
 * a promotion's details download no chart code. Every figure here counts from the same today
 * (trackingToday in @promo/domain/pace/pace.rules, applied to `now` by each rule), as the rep's screens do.
 */
export default function TrackingView({ promotion, account, targets, now }: TrackingViewProps) {
  const lowerHalf = useAfterFirstCommit();
  const progress = account.progressDetails[promotion.id] ?? { totalSpend: 0, byDivision: {} };
  const past = account.pastProgressDetails[promotion.id];
  const firstDailyTarget = account.dailySalesTargets[promotion.id]?.[0] ?? 0;
  const ordered = targets.toSorted((a, b) => a.targetNumber - b.targetNumber);
  const firstTarget = ordered[0];
  const focus = targetInFocus(ordered, progress.totalSpend);
  const dataDay = latestDataDay(past);

  const days = useMemo(
    () =>
      dailySpendSeries({
        startTimestamp: promotion.startTimestamp,
        endTimestamp: promotion.endTimestamp,
        pastProgressDetails: past,
        firstDailyTarget,
        now,
      }),
    [promotion.startTimestamp, promotion.endTimestamp, past, firstDailyTarget, now],
  );
  const projection = useMemo(
    () =>
      spendProjection({
        now,
        startTimestamp: promotion.startTimestamp,
        endTimestamp: promotion.endTimestamp,
        totalSpend: account.progressDetails[promotion.id]?.totalSpend ?? 0,
        targets,
      }),
    [now, promotion, account, targets],
  );

  const actual = formatCurrency(progress.totalSpend);
  const target = firstTarget ? formatCurrency(firstTarget.amount, { decimals: 0 }) : '–';
  const projecting = projection.days.some((day) => day.projected !== null);
  const atPace = formatCurrency(projection.endSpend, { decimals: 0 });
  const achievedCaption =
    ordered.length > 1 && focus ? `Target ${focus.targetNumber} achieved` : 'Target achieved';

  return (
    <section className={styles.tracking} aria-label="Your progress">
      <DaysRemainingPill days={daysRemaining(promotion.endTimestamp, now)} />
      <TrophyRings
        percentAchieved={focus ? percentOfTarget(progress.totalSpend, focus.amount) : 0}
        achievedCaption={achievedCaption}
        percentTime={percentTimeCompleted(promotion.startTimestamp, promotion.endTimestamp, now)}
      />

      <div className={styles.card}>
        <h3 className={styles.subheading}>Spend to date</h3>
        <LazySpendChart
          days={days}
          projection={projection}
          description={`Spend chart from ${nzDate(promotion.startTimestamp)} to ${nzDate(promotion.endTimestamp)}: actual spend ${actual} against a straight-line target reaching ${target} at the end${projecting ? `; at your pace, ${atPace} by the end` : ''}.`}
        />
        <dl className={styles.amounts}>
          <Amount label="Actual" swatch={{ background: CHART_COLOURS.actual }} value={actual} />
          <Amount label="Target" swatch={{ borderColor: CHART_COLOURS.target }} dashed value={target} />
          {projecting ? (
            <Amount
              label="At your pace"
              swatch={{ borderColor: CHART_COLOURS.projection }}
              dashed
              value={atPace}
            />
          ) : null}
        </dl>
        {ordered.length > 0 ? (
          <PaceAdvice
            dataDay={dataDay}
            now={now}
            startTimestamp={promotion.startTimestamp}
            endTimestamp={promotion.endTimestamp}
            totalSpend={progress.totalSpend}
            targets={ordered}
            projection={projection}
          />
        ) : null}
      </div>

      {lowerHalf && ordered.length > 0 ? (
        <div className={styles.card}>
          <h3 className={styles.subheading}>{ordered.length > 1 ? 'Your tiers' : 'Your target'}</h3>
          <TierBar totalSpend={progress.totalSpend} targets={ordered} />
        </div>
      ) : null}

      {lowerHalf ? (
        <div className={styles.card}>
          <PartnerTiles progress={progress} />
        </div>
      ) : null}
    </section>
  );
}
