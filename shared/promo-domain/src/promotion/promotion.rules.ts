import { DAY_MS } from '../calendar/day';
import type { Account, Promotion } from '../types';

/** Fetched promotions: ended no more than 90 days ago, start no more than 60 days ahead. */
export function promotionFetchWindow(now: number): {
  endTimestampMoreThanEqual: number;
  startTimestampLessThanEqual: number;
} {
  return { endTimestampMoreThanEqual: now - 90 * DAY_MS, startTimestampLessThanEqual: now + 60 * DAY_MS };
}

export function isFinished(promotion: Promotion): boolean {
  return promotion.status === 'done';
}

/** Active when now is between start and end. */
export function isActive(promotion: Promotion, now: number): boolean {
  return promotion.startTimestamp <= now && now <= promotion.endTimestamp;
}

export function isEnrolled(account: Pick<Account, 'enrolledPromotions'>, promotionId: string): boolean {
  return account.enrolledPromotions.some((entry) => entry.promotionID === promotionId);
}

export interface DashboardPromotions {
  /** Not enrolled (and not finished: a finished promotion can no longer be joined). */
  newPromotions: Promotion[];
  /** Enrolled and not finished. */
  activePromotions: Promotion[];
  /** status 'done'. */
  finishedPromotions: Promotion[];
}

/** New (not joined) and active (joined), finished ones apart; promotions carrying an error are dropped (docs/product-rules.md, 'Customer dashboard'). */
export function splitPromotions(
  promotions: Promotion[],
  account: Pick<Account, 'enrolledPromotions'>,
): DashboardPromotions {
  const usable = promotions.filter((promotion) => !promotion.error);
  const byStart = (a: Promotion, b: Promotion) => a.startTimestamp - b.startTimestamp;
  return {
    newPromotions: usable.filter((p) => !isFinished(p) && !isEnrolled(account, p.id)).sort(byStart),
    activePromotions: usable.filter((p) => !isFinished(p) && isEnrolled(account, p.id)).sort(byStart),
    finishedPromotions: usable.filter(isFinished).sort(byStart),
  };
}

/** The promotion the dashboard shows first (its hero is the page's largest paint): new, then active. */
export function leadPromotion(split: DashboardPromotions): Promotion | undefined {
  return split.newPromotions[0] ?? split.activePromotions[0];
}
