import type { DivisionCode, Target } from '@promo/domain/types';
import type { NewPromotionProgress } from '../accounts/account-store';
import { dayKey } from './calendar';
import type { DemoPromotion } from './demo-promotions';
import type { Prng } from './prng';

const round2 = (value: number) => Math.round(value * 100) / 100;
const roundTo = (value: number, step: number) => Math.max(step, Math.round(value / step) * step);

export interface ProgressOptions {
  accountId: string;
  divisions: DivisionCode[];
  /** Average daily spend in the baseline period, dollars ex GST. */
  baselineDaily: number;
  /** Spend pace relative to baseline: below 1 behind, above 1 ahead. */
  pace: number;
  /** Midnight of the seed day: days before it have figures ("as at end of last trading day"). */
  today: Date;
  enrolled: boolean;
  joinedAt: number | null;
  joinMailingList: boolean;
  /** Choose a reward for each unlocked target (enrolled accounts only). */
  pickReward: (targetNumber: number) => string | null;
  /** Scale the elapsed spend so that it ends at this fraction of target 1 (the demo customer). */
  forceFractionOfFirstTarget?: number;
}

// The same few dozen day keys serve thousands of accounts: compute them once per promotion and day.
const elapsedCache = new WeakMap<DemoPromotion, { today: number; keys: string[] }>();

/** 'YYYYMMDD' of each trading day before today: the days with figures ("as at end of last trading day"). */
function elapsedDayKeys(demo: DemoPromotion, today: Date): string[] {
  const cached = elapsedCache.get(demo);
  if (cached && cached.today === today.getTime()) return cached.keys;
  const keys = demo.tradingDays.filter((day) => day.getTime() < today.getTime()).map(dayKey);
  elapsedCache.set(demo, { today: today.getTime(), keys });
  return keys;
}

/**
 * One account's figures for one promotion (the Account fields of @promo/domain/types): targets from the baseline, a cumulative
 * spend series per elapsed trading day, its split by division and the derived averages.
 */
export function generateProgress(
  rng: Prng,
  demo: DemoPromotion,
  options: ProgressOptions,
): NewPromotionProgress {
  const tradingDayCount = demo.tradingDays.length;
  const baselineSpend = Math.round(options.baselineDaily * tradingDayCount);
  const targets: Target[] = [];
  for (const [index, factor] of demo.targetFactors.entries()) {
    const previous = targets[index - 1]?.amount ?? 0;
    targets.push({
      targetNumber: index + 1,
      amount: Math.max(previous + 100, roundTo(baselineSpend * factor, 100)),
    });
  }
  const firstTarget = (targets[0] as Target).amount;

  const elapsedKeys = elapsedDayKeys(demo, options.today);
  // Daily spend: the account's pace with day-to-day noise, and the odd day with no invoices.
  const daily = elapsedKeys.map(() =>
    rng.chance(0.06) ? 0 : options.baselineDaily * options.pace * rng.between(0.45, 1.55),
  );
  if (options.forceFractionOfFirstTarget !== undefined) {
    const natural = daily.reduce((sum, value) => sum + value, 0) || 1;
    const scale = (firstTarget * options.forceFractionOfFirstTarget) / natural;
    for (let i = 0; i < daily.length; i += 1) daily[i] = (daily[i] as number) * scale;
  }

  const pastProgress: Record<string, number> = {};
  let cumulative = 0;
  elapsedKeys.forEach((key, index) => {
    cumulative = round2(cumulative + (daily[index] as number));
    pastProgress[key] = cumulative;
  });
  const totalSpend = cumulative;

  const byDivision: Partial<Record<DivisionCode, number>> = {};
  const weights = options.divisions.map(() => rng.between(0.3, 1));
  const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
  let allocated = 0;
  options.divisions.forEach((division, index) => {
    const isLast = index === options.divisions.length - 1;
    const share = isLast
      ? round2(totalSpend - allocated)
      : round2((totalSpend * (weights[index] as number)) / weightSum);
    allocated = round2(allocated + share);
    byDivision[division] = share;
  });

  let selectedReward: string | null = null;
  if (options.enrolled) {
    const unlocked = Math.max(1, targets.filter((target) => totalSpend >= target.amount).length);
    const pairs: string[] = [];
    for (let target = 1; target <= unlocked; target += 1) {
      const title = options.pickReward(target);
      if (title !== null) pairs.push(`${target}:${title}`);
    }
    selectedReward = pairs.length > 0 ? pairs.join(',') : null;
  }

  return {
    accountId: options.accountId,
    promotionId: demo.promotion.id,
    enrolled: options.enrolled,
    joinedAt: options.enrolled ? options.joinedAt : null,
    joinMailingList: options.enrolled && options.joinMailingList,
    selectedReward,
    totalSpend,
    targets,
    byDivision,
    dailySalesTargets: targets.map((target) => round2(target.amount / tradingDayCount)),
    currentDailySales: elapsedKeys.length > 0 ? round2(totalSpend / elapsedKeys.length) : 0,
    baselineSpend,
    pastProgress,
  };
}
