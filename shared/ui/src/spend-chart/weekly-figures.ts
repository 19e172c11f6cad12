import type { SpendDay } from '@promo/domain/promotion/tracking.rules';

export interface WeekFigures {
  /** 1-based. */
  week: number;
  /** The week's last day in the promotion (epoch ms): what its figures are "to". */
  endsAt: number;
  /** Cumulative spend at the end of the week; for the current week, as at today; null for weeks to come. */
  actual: number | null;
  /** The straight-line target at the week's last day. */
  target: number;
}

/**
 * The chart's figures a week at a time, for its text alternative: weeks run from the promotion's
 * start in blocks of seven calendar days, the last one ending with the promotion. The current
 * week's actual is the latest figure, not a future one.
 */
export function weeklyFigures(days: readonly SpendDay[]): WeekFigures[] {
  const weeks: WeekFigures[] = [];
  for (let start = 0; start < days.length; start += 7) {
    const block = days.slice(start, start + 7);
    const last = block.at(-1) as SpendDay;
    const lastKnown = block.findLast((day) => !day.future);
    weeks.push({
      week: weeks.length + 1,
      endsAt: last.epochMs,
      actual: lastKnown ? lastKnown.actual : null,
      target: last.target,
    });
  }
  return weeks;
}
