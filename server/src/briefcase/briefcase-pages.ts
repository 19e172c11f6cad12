import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import { promotionFetchWindow } from '@promo/domain/promotion/promotion.rules';
import type { Account } from '@promo/domain/types';
import type { AccountStore } from '../accounts/account-store';
import type { PromotionStore } from '../promotions/promotion-store';

/** A page when the request names no limit: 2,000 customers in four requests. */
const BRIEFCASE_DEFAULT_LIMIT = 500;

interface BriefcaseScope {
  allowedRegions: readonly string[];
  /** None: every branch of the regions, as the customer search reads an empty branch filter. */
  branchIds: readonly string[];
}

/** Keeps only the promotions' entries of a map keyed by promotion id. */
function only<T>(byPromotion: Record<string, T>, kept: ReadonlySet<string>): Record<string, T> {
  return Object.fromEntries(Object.entries(byPromotion).filter(([id]) => kept.has(id)));
}

/** The account with the figures of the kept promotions alone: the rep opens a customer from those. */
function forPromotions(account: Account, kept: ReadonlySet<string>): Account {
  return {
    ...account,
    enrolledPromotions: account.enrolledPromotions.filter((entry) => kept.has(entry.promotionID)),
    progressDetails: only(account.progressDetails, kept),
    targetDetails: only(account.targetDetails, kept),
    dailySalesTargets: only(account.dailySalesTargets, kept),
    currentDailySales: only(account.currentDailySales, kept),
    baselineSpend: only(account.baselineSpend, kept),
    percentageAchieved: only(account.percentageAchieved, kept),
    pastProgressDetails: only(account.pastProgressDetails, kept),
    promotionUserChoices: only(account.promotionUserChoices, kept),
  };
}

/**
 * One page of the rep's briefcase (docs/decisions/047-rep-briefcase.md): the current promotions,
 * how many customers the scope has, and the next `limit` of them after `after` in id order, each
 * with the whole account the rep's view of a customer reads. Paging by id, not by offset, so a
 * download resumed after a dropped connection neither repeats nor skips a customer.
 */
export function briefcasePage(
  stores: { accounts: AccountStore; promotions: PromotionStore },
  request: { scope: BriefcaseScope; after?: string; limit?: number },
  now: number,
): BriefcasePage {
  const limit = request.limit ?? BRIEFCASE_DEFAULT_LIMIT;
  // The customers of the scope as the customer search scopes them: the accounts the rep's table can page to.
  const { total, ids } = stores.accounts.idsInScope(request.scope, {
    after: request.after ?? null,
    limit: limit + 1,
  });
  const pageIds = ids.slice(0, limit);
  const window = promotionFetchWindow(now);
  const promotions = stores.promotions.inWindow(
    { endFrom: window.endTimestampMoreThanEqual, startTo: window.startTimestampLessThanEqual },
    now,
  );
  const kept = new Set(promotions.map((promotion) => promotion.id));
  return {
    asAt: now,
    total,
    promotions,
    accounts: stores.accounts.getMany(pageIds).map((account) => forPromotions(account, kept)),
    next: ids.length > limit ? (pageIds.at(-1) ?? null) : null,
  };
}
