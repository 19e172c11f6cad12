import {
  nextTargetNeed,
  PACE_BANDS,
  promotionPace,
  type PromotionPace,
} from '@promo/domain/rep/rep-progress.rules';
import type {
  Account,
  AccountSearchItem,
  AccountSearchRequest,
  AccountSortKey,
  PaceBand,
  PaceBandCounts,
  Promotion,
  SortDirection,
} from '@promo/domain/types';

/**
 * What a customer search request (POST /account/search) means, stated once: whose figures it reads,
 * which bands, branches and text it keeps, in what order and which page, and the row it answers per
 * customer. Two executors read it and answer alike: the server's SQL builder
 * (server/src/accounts/account-search.ts), over indexes for 50,000 accounts
 * (docs/decisions/008-rep-search-at-volume.md), and the offline search over the customers kept on the
 * device (kept-customer-search.rules.ts, docs/decisions/047-rep-briefcase.md).
 */

/** The promotion whose figures a search reads, and what the request says of its rows. */
export interface SearchPromotion {
  /**
   * Returned, sorted on and banded by: hasTargetsFor, else enrolledIn, else notEnrolledIn. None:
   * every figure is 0.
   */
  promotionId: string | undefined;
  /**
   * Every match has a progress row for it: hasTargetsFor asks for one, and a customer enrolled in
   * the promotion has one. The server then starts from the progress rows alone.
   */
  everyMatchHasRow: boolean;
}

export function searchPromotion(request: AccountSearchRequest): SearchPromotion {
  const filters = request.filters ?? {};
  return {
    promotionId: filters.hasTargetsFor ?? filters.enrolledIn ?? filters.notEnrolledIn,
    everyMatchHasRow: filters.hasTargetsFor !== undefined || filters.enrolledIn !== undefined,
  };
}

/** When a promotion starts and ends: what its pace is measured from. */
type PromotionTimespan = Pick<Promotion, 'startTimestamp' | 'endTimestamp'>;

/**
 * The pace the bands are measured against: the figures' promotion's at `now`. Without one, no day
 * has elapsed and every enrolled customer is on pace.
 */
export function searchPace(promotion: PromotionTimespan | undefined, now: number): PromotionPace {
  return promotion
    ? promotionPace(now, promotion.startTimestamp, promotion.endTimestamp)
    : { elapsedTradingDays: 0, tradingDays: 0 };
}

/** The bands of a band filter, without repeats, in PACE_BANDS order; all of them without a filter. */
export function requestedBands(request: AccountSearchRequest): readonly PaceBand[] {
  const band = request.filters?.band;
  if (band === undefined) return PACE_BANDS;
  const listed = new Set(Array.isArray(band) ? band : [band]);
  return PACE_BANDS.filter((entry) => listed.has(entry));
}

/**
 * The branches of the branch filter; undefined when there is no branch filter. An empty list is no
 * filter too: the rep UI never sends one (it redirects to select-branches instead), and treating it
 * as "match nothing" would hide every customer.
 */
export function requestedBranches(request: AccountSearchRequest): readonly string[] | undefined {
  const branches = request.filters?.branchID;
  return branches === undefined || branches.length === 0 ? undefined : branches;
}

/**
 * The search text, trimmed; '' is no text filter. It matches an account when it is a substring of
 * one of its searchedFields, case aside (searchKey).
 */
export function requestedText(request: AccountSearchRequest): string {
  return request.filters?.searchText?.trim() ?? '';
}

/** The search text and the fields it is looked for in, compared lowercased: case does not count. */
export function searchKey(text: string): string {
  return text.toLowerCase();
}

/** What the search text is looked for in: the account's id, its name and its division account ids. */
export function searchedFields(account: Pick<Account, 'id' | 'name' | 'divisionDetails'>): string[] {
  return [account.id, account.name, ...account.divisionDetails.map((division) => division.id)];
}

/** What a search orders by: a sort key, or the account id, which breaks every tie. */
export type SearchOrderKey = AccountSortKey | 'id';

export interface SearchOrderEntry {
  key: SearchOrderKey;
  direction: SortDirection;
}

/**
 * The order of a search's matches: the request's sort (percentage, highest first, when it names
 * none), then the account id, so no two accounts tie and paging never repeats or skips one.
 */
export function searchOrder(request: AccountSearchRequest): readonly SearchOrderEntry[] {
  const sort: readonly SearchOrderEntry[] =
    request.sort && request.sort.length > 0 ? request.sort : [{ key: 'percentage', direction: 'desc' }];
  return [...sort, { key: 'id', direction: 'asc' }];
}

/** The page a request asks for: from `offset` (the first match by default), at most `limit` (10) matches. */
export function searchPage(request: AccountSearchRequest): { offset: number; limit: number } {
  return { offset: request.offset ?? 0, limit: request.limit ?? 10 };
}

/**
 * One customer's figures for the search's promotion, as a row shows them; `hasRow` when they come
 * from a progress row for it (only then is a next target worked out).
 */
export type SearchItemFigures = Omit<AccountSearchItem, 'nextTarget'> & { hasRow: boolean };

/**
 * One row of the answer: the customer's figures and, while a target is left to reach, what it needs
 * by the promotion's end.
 */
export function searchItem(
  figures: SearchItemFigures,
  promotion: PromotionTimespan | undefined,
  now: number,
): AccountSearchItem {
  const nextTarget =
    promotion && figures.hasRow
      ? nextTargetNeed({
          now,
          startTimestamp: promotion.startTimestamp,
          endTimestamp: promotion.endTimestamp,
          totalSpend: figures.totalSpend,
          targets: figures.targets,
        })
      : undefined;
  return {
    id: figures.id,
    name: figures.name,
    primaryRegion: figures.primaryRegion,
    customerIds: figures.customerIds,
    totalSpend: figures.totalSpend,
    percentageAchieved: figures.percentageAchieved,
    targets: figures.targets,
    firstTarget: figures.firstTarget,
    enrolled: figures.enrolled,
    ...(nextTarget ? { nextTarget } : {}),
  };
}

/** Every band at 0 customers: the summary's counts before any match is added. */
export function emptyBandCounts(): PaceBandCounts {
  return { 'on-pace': 0, slipping: 0, behind: 0, 'not-joined': 0 };
}
