import { spendProjection } from '@promo/domain/pace/projection.rules';
import { dailySpendSeries } from '@promo/domain/promotion/tracking.rules';
import type { Account, Promotion, Target } from '@promo/domain/types';
import { LazySpendChart, SpendAmounts, spendChartDescription } from '@promo/ui/spend-chart';
import { useMemo } from 'react';

/** The projection as the rep reads it: the customer's pace, not the reader's. */
const AT_THIS_PACE = 'At this pace';

/**
 * The customer's spend chart as the customer sees it on their tracking view (@promo/ui/spend-chart),
 * from the same figures and the same today: the actual line, the straight-line target and the
 * projection, with the amounts each ends on. Read-only. ECharts loads only once the chart is on
 * screen, so the customer table's route never carries it.
 */
export function CustomerSpendChart({
  account,
  promotion,
  targets,
  now,
}: {
  account: Account;
  promotion: Promotion;
  targets: readonly Target[];
  now: number;
}) {
  const { startTimestamp, endTimestamp } = promotion;
  const past = account.pastProgressDetails[promotion.id];
  const firstDailyTarget = account.dailySalesTargets[promotion.id]?.[0] ?? 0;
  const totalSpend = account.progressDetails[promotion.id]?.totalSpend ?? 0;
  const days = useMemo(
    () =>
      dailySpendSeries({ startTimestamp, endTimestamp, pastProgressDetails: past, firstDailyTarget, now }),
    [startTimestamp, endTimestamp, past, firstDailyTarget, now],
  );
  const projection = useMemo(
    () => spendProjection({ now, startTimestamp, endTimestamp, totalSpend, targets }),
    [now, startTimestamp, endTimestamp, totalSpend, targets],
  );
  const firstTarget = targets.toSorted((a, b) => a.targetNumber - b.targetNumber)[0];
  const figures = {
    totalSpend,
    firstTarget: firstTarget?.amount,
    projection,
    projectionLabel: AT_THIS_PACE,
  };
  return (
    <>
      <LazySpendChart
        days={days}
        projection={projection}
        projectionLabel={AT_THIS_PACE}
        description={spendChartDescription({ ...figures, startTimestamp, endTimestamp })}
      />
      <SpendAmounts {...figures} />
    </>
  );
}
