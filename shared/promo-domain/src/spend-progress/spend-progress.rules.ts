import { DIVISIONS, type DivisionCode, type ProgressDetails, type Target } from '../types';

/**
 * What the embedded spend-progress page shows from a message (spec §2, §4, §9): progress against
 * each target, the promotion's time line and the spend per division. Pure, so the page only lays
 * the numbers out.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export interface TargetProgress {
  targetNumber: number;
  /** dollars ex GST */
  amount: number;
  /** Fraction of the target achieved, 0-1 (capped at 1 once reached). */
  fraction: number;
  /** Whole percent achieved, rounded down so 99.6% never reads as 100%; not capped. */
  percent: number;
  reached: boolean;
  /** dollars still needed; 0 once reached */
  remaining: number;
}

/** Progress against each target, in target order. */
export function targetProgress(totalSpend: number, targets: readonly Target[]): TargetProgress[] {
  return [...targets]
    .sort((a, b) => a.targetNumber - b.targetNumber)
    .map(({ targetNumber, amount }) => {
      const ratio = amount > 0 ? Math.max(0, totalSpend) / amount : 0;
      return {
        targetNumber,
        amount,
        fraction: Math.min(1, ratio),
        percent: Math.floor(ratio * 100 + 1e-9),
        reached: totalSpend >= amount,
        remaining: Math.max(0, amount - totalSpend),
      };
    });
}

/** How many targets the spend has reached (targets are sequential, so the count names the highest). */
export function targetsReached(progress: readonly TargetProgress[]): number {
  return progress.filter((target) => target.reached).length;
}

export interface PromotionTimeline {
  /** Whole days in the promotion (at least 1). */
  totalDays: number;
  /** Whole days elapsed, 0 to totalDays. */
  elapsedDays: number;
  /** Whole days left until the end, 0 once it has ended. */
  daysRemaining: number;
  /** Whole percent of the time completed, 0-100, from whole days (spec §9). */
  percentTimeCompleted: number;
}

export function promotionTimeline(startMs: number, endMs: number, nowMs: number): PromotionTimeline {
  const totalDays = Math.max(1, Math.round((endMs - startMs) / DAY_MS));
  const elapsedDays = Math.min(totalDays, Math.max(0, Math.floor((nowMs - startMs) / DAY_MS)));
  const daysRemaining = Math.max(0, Math.ceil((endMs - nowMs) / DAY_MS));
  return {
    totalDays,
    elapsedDays,
    daysRemaining,
    percentTimeCompleted: Math.floor((elapsedDays / totalDays) * 100),
  };
}

export type DaysRemainingColour = 'green' | 'olive' | 'amber' | 'orange' | 'red-orange' | 'red';

/**
 * Spec §4 "Days remaining colour": 45 or more green; 40-44 olive; 30-39 amber; 20-29 orange;
 * 10-19 red-orange; under 10 red.
 */
export function daysRemainingColour(days: number): DaysRemainingColour {
  if (days >= 45) return 'green';
  if (days >= 40) return 'olive';
  if (days >= 30) return 'amber';
  if (days >= 20) return 'orange';
  if (days >= 10) return 'red-orange';
  return 'red';
}

export interface DivisionSpend {
  division: DivisionCode;
  /** e.g. 'Autolign' */
  name: string;
  /** dollars ex GST */
  amount: number;
}

// Spelled out: Object.keys would put the numeric code '2' first.
const DIVISION_ORDER: readonly DivisionCode[] = ['A', 'B', 'T', '2', 'P', 'D', 'N'];

/** The spend per division in the spec's order (§3 "Division codes"), divisions without spend left out. */
export function spendByDivision(progress: ProgressDetails): DivisionSpend[] {
  return DIVISION_ORDER.flatMap((division) => {
    const amount = progress.byDivision[division];
    return amount === undefined ? [] : [{ division, name: DIVISIONS[division], amount }];
  });
}
