import { spendProjection } from '@promo/domain/pace/projection.rules';
import {
  dailySpendSeries,
  daysRemaining,
  latestDataDay,
  percentTimeCompleted,
} from '@promo/domain/promotion/tracking.rules';
import { targetProgress } from '@promo/domain/promotion/target-progress.rules';
import type { Account, Promotion, Target } from '@promo/domain/types';
import { memo, startTransition, useEffect, useMemo, useState } from 'react';
import { DaysRemainingPill } from './days-remaining-pill';
import { PaceAdvice } from './pace-advice';
import { PartnerTiles } from './partner-tiles';
import { LazySpendChart, SpendAmounts, spendChartDescription } from '@promo/ui/spend-chart';
import { TierBar } from '@promo/ui/tier-bar';
import styles from './tracking.module.css';
import { TrophyRings } from './trophy-rings';

interface TrackingViewProps {
  promotion: Promotion;
  account: Account;
  targets: Target[];
  now: number;
}

/**
 * False for the first commit, true from the next frame on. The tier bar and the partner tiles sit
 * below the first screen on a phone; leaving them out of the first commit halves the page's
 * longest task (Lighthouse mobile, 5 runs: TBT 310 -> 176 ms, performance 89 -> 94). They render
 * as a transition, which React splits into slices: an update from a timer renders in one task it
 * cannot split, 25-30 ms on a fast machine, 100 ms or more on a slow phone (docs/performance.md).
 */
function useAfterFirstCommit(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return ready;
}

/** The projection as the customer reads it, beside the chart and in its tooltip. */
const AT_YOUR_PACE = 'At your pace';

/**
 * The tracking view. Its chart (ECharts) loads lazily (LazySpendChart), so the dashboard and
 * a promotion's details download no chart code. Every figure here counts from the same today
 * (trackingToday in @promo/domain/calendar/nz-calendar, applied to `now` by each rule), as the rep's screens do.
 */
function TrackingView({ promotion, account, targets, now }: TrackingViewProps) {
  const lowerHalf = useAfterFirstCommit();
  const progress = account.progressDetails[promotion.id] ?? { totalSpend: 0, byDivision: {} };
  const past = account.pastProgressDetails[promotion.id];
  const firstDailyTarget = account.dailySalesTargets[promotion.id]?.[0] ?? 0;
  const ordered = targets.toSorted((a, b) => a.targetNumber - b.targetNumber);
  const firstTarget = ordered[0];
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

  const figures = {
    totalSpend: progress.totalSpend,
    firstTarget: firstTarget?.amount,
    projection,
    projectionLabel: AT_YOUR_PACE,
  };
  const ring = targetProgress(ordered, progress.totalSpend);

  return (
    <section className={styles.tracking} aria-label="Your progress">
      <DaysRemainingPill days={daysRemaining(promotion.endTimestamp, now)} />
      <TrophyRings
        percentAchieved={ring.percent}
        achievedCaption={ring.caption}
        percentTime={percentTimeCompleted(promotion.startTimestamp, promotion.endTimestamp, now)}
      />

      <div className={styles.card}>
        <h3 className={styles.subheading}>Spend to date</h3>
        <LazySpendChart
          days={days}
          projection={projection}
          projectionLabel={AT_YOUR_PACE}
          description={spendChartDescription({
            ...figures,
            startTimestamp: promotion.startTimestamp,
            endTimestamp: promotion.endTimestamp,
          })}
        />
        <SpendAmounts {...figures} />
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

/**
 * Drawn again only when its promotion, account, targets or day change: the reward panel beside it
 * keeps its unsaved choice in the page, and a radio pressed there need not draw the rings, bars and
 * chart again (docs/decisions/039-interaction-latency.md).
 */
export default memo(TrackingView);
