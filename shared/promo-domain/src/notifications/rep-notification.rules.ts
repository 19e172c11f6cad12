import { DAY_MS, nzDayKey, nzDayNumber, nzInstant } from '@promo/domain/calendar/nz-calendar';
import { paceBand, promotionPace } from '@promo/domain/rep/rep-progress.rules';
import type { PaceBand, Target } from '../types';
import type { NotifiedPromotion } from './customer-notification.rules';

/**
 * The rep's notifications (docs/product-rules.md, "Notifications"): a weekly digest of the customers
 * of their regions, and a note when one of them unlocks a target.
 */

/** The digest is due from Monday 07:00 NZ. */
export const DIGEST_WEEKDAY = 1;
export const DIGEST_HOUR = 7;

/** One customer of a rep's regions in one promotion, with the spend series the bands are read from. */
export interface RepCustomerState {
  accountId: string;
  accountName: string;
  promotion: NotifiedPromotion;
  enrolled: boolean;
  /** epoch ms, when joined. */
  joinedAt: number | null;
  targets: readonly Target[];
  totalSpend: number;
  /** Cumulative spend by NZ date 'YYYYMMDD' (pastProgressDetails). */
  pastProgress: Readonly<Record<string, number>>;
}

/** Spend as the figures stood at `at`: the last day's total before that NZ date (figures arrive overnight). */
export function spendAsAt(pastProgress: Readonly<Record<string, number>>, at: number): number {
  const today = nzDayKey(at);
  let latestKey = '';
  let spend = 0;
  for (const [key, total] of Object.entries(pastProgress)) {
    if (key < today && key > latestKey) {
      latestKey = key;
      spend = total;
    }
  }
  return spend;
}

/** The latest digest instant at or before `now`: Monday 07:00 NZ. */
export function digestDueAt(now: number): number {
  const today = nzDayNumber(now);
  const weekday = new Date(today * DAY_MS).getUTCDay();
  const monday = today - ((weekday - DIGEST_WEEKDAY + 7) % 7);
  const due = nzInstant(monday, DIGEST_HOUR);
  return due <= now ? due : nzInstant(monday - 7, DIGEST_HOUR);
}

const BAND_ORDER: Record<PaceBand, number> = { 'on-pace': 0, slipping: 1, behind: 2, 'not-joined': -1 };

function bandAt(customer: RepCustomerState, at: number, spend: number): PaceBand {
  const { startTimestamp, endTimestamp } = customer.promotion;
  const firstTarget = customer.targets.toSorted((a, b) => a.targetNumber - b.targetNumber)[0]?.amount ?? 0;
  return paceBand(
    { enrolled: customer.enrolled, totalSpend: spend, firstTarget },
    promotionPace(at, startTimestamp, endTimestamp),
  );
}

/** The band a joined customer moved into over the week, when it is worse than before: slipping or behind. */
export function movedToBand(customer: RepCustomerState, weekAgo: number, now: number): PaceBand | undefined {
  if (!customer.enrolled || customer.promotion.startTimestamp > weekAgo) return undefined;
  const before = bandAt(customer, weekAgo, spendAsAt(customer.pastProgress, weekAgo));
  const after = bandAt(customer, now, customer.totalSpend);
  return BAND_ORDER[after] > BAND_ORDER[before] ? after : undefined;
}

/** Target numbers the spend crossed between the figures as at `from` and the latest total. */
export function targetsCrossedSince(customer: RepCustomerState, from: number): number[] {
  const before = spendAsAt(customer.pastProgress, from);
  return customer.targets
    .filter((target) => before < target.amount && customer.totalSpend >= target.amount)
    .map((target) => target.targetNumber)
    .sort((a, b) => a - b);
}

/**
 * Target numbers crossed by the latest day of figures: the day before it stood below the target,
 * the latest total reaches it. A target crossed earlier was news on its own day.
 */
export function targetsCrossedOnLatestDay(customer: RepCustomerState): number[] {
  const keys = Object.keys(customer.pastProgress).sort();
  const previousKey = keys.at(-2);
  const before = previousKey === undefined ? 0 : (customer.pastProgress[previousKey] ?? 0);
  return customer.targets
    .filter((target) => before < target.amount && customer.totalSpend >= target.amount)
    .map((target) => target.targetNumber)
    .sort((a, b) => a - b);
}
