import {
  emptyBandCounts,
  requestedBands,
  requestedBranches,
  requestedText,
  searchedFields,
  searchItem,
  searchKey,
  searchOrder,
  searchPace,
  searchPage,
  searchPromotion,
  type SearchOrderKey,
} from '@promo/domain/rep/customer-search.rules';
import { achievement } from '../promotion/target-progress.rules';
import { amountToNextTarget, paceBand, type PromotionPace } from './rep-progress.rules';
import type {
  Account,
  AccountSearchItem,
  AccountSearchRequest,
  AccountSearchResponse,
  PaceBand,
  PaceBandCounts,
  Promotion,
} from '../types';

/**
 * The rep's customer search over the customers kept on the device (docs/decisions/047-rep-briefcase.md):
 * the request POST /account/search takes, read as the server's SQL reads it (customer-search.rules.ts:
 * its promotion, bands, branches, text, order, page and rows), so the offline table shows the same
 * customers, in the same order, with the same totals. The figures come from each kept account by the
 * rules the server stores them with (achievement, amountToNextTarget) and its bands by paceBand; the
 * server's SQL (server/src/accounts/account-search.ts) is held to this search by
 * server/src/briefcase/kept-customer-search.test.ts.
 */

/** What a search reads: the kept accounts, and the promotions whose pace dates the bands. */
export interface KeptCustomers {
  accounts: readonly Account[];
  promotions: readonly Pick<Promotion, 'id' | 'startTimestamp' | 'endTimestamp'>[];
}

/** One kept customer as the search sees them: their figures for the request's promotion. */
interface Candidate {
  account: Account;
  enrolled: boolean;
  hasRow: boolean;
  totalSpend: number;
  percentage: number;
  targets: AccountSearchItem['targets'];
  firstTarget: number;
  keys: Record<SearchOrderKey, number | string>;
  band: PaceBand;
  /** The id, name and division account ids, lowercased: what the search text is looked for in. */
  text: readonly string[];
}

/**
 * The kept customers ready to search: each customer's figures for a promotion are worked out once
 * per promotion and day, not on every keystroke (indexKeptCustomers).
 */
export interface KeptCustomerIndex {
  kept: KeptCustomers;
  candidates: Map<string, Candidate[]>;
}

export const indexKeptCustomers = (kept: KeptCustomers): KeptCustomerIndex => ({
  kept,
  candidates: new Map(),
});

function candidatesFor(index: KeptCustomerIndex, promotionId: string | undefined, pace: PromotionPace) {
  const key = `${promotionId ?? ''}\n${pace.elapsedTradingDays}\n${pace.tradingDays}`;
  let found = index.candidates.get(key);
  if (!found) {
    found = index.kept.accounts.map((account) => candidate(account, promotionId, pace));
    index.candidates.set(key, found);
  }
  return found;
}

function candidate(account: Account, promotionId: string | undefined, pace: PromotionPace): Candidate {
  const progress = promotionId === undefined ? undefined : account.progressDetails[promotionId];
  const hasRow = progress !== undefined;
  const targets = (promotionId !== undefined && account.targetDetails[promotionId]) || [];
  const totalSpend = progress?.totalSpend ?? 0;
  const enrolled =
    promotionId !== undefined &&
    account.enrolledPromotions.some((entry) => entry.promotionID === promotionId);
  const firstTarget = targets[0]?.amount ?? 0;
  return {
    account,
    enrolled,
    hasRow,
    totalSpend,
    percentage: (promotionId !== undefined && account.percentageAchieved[promotionId]) || 0,
    targets,
    firstTarget,
    keys: {
      // The stored progress and gap are these same rules over the same figures.
      percentage: hasRow ? achievement(targets, totalSpend).progress : 0,
      totalSpend,
      needsAttention: hasRow ? amountToNextTarget(totalSpend, targets) : 0,
      name: account.name.toLowerCase(),
      id: account.id,
    },
    band: paceBand({ enrolled, totalSpend, firstTarget }, pace),
    text: searchedFields(account).map(searchKey),
  };
}

function isEnrolledIn(account: Account, promotionId: string): boolean {
  return account.enrolledPromotions.some((entry) => entry.promotionID === promotionId);
}

/** Whether a kept customer matches every filter of the request (read once, not per customer). */
function matcher(request: AccountSearchRequest): (entry: Candidate) => boolean {
  const filters = request.filters ?? {};
  const branches = requestedBranches(request);
  const bands = new Set(requestedBands(request));
  const searchText = searchKey(requestedText(request));
  return ({ account, band, text }) => {
    if (filters.hasTargetsFor !== undefined && account.progressDetails[filters.hasTargetsFor] === undefined)
      return false;
    if (filters.enrolledIn !== undefined && !isEnrolledIn(account, filters.enrolledIn)) return false;
    if (filters.notEnrolledIn !== undefined && isEnrolledIn(account, filters.notEnrolledIn)) return false;
    if (
      branches !== undefined &&
      !account.divisionDetails.some((division) => branches.includes(division.branchID))
    )
      return false;
    if (!bands.has(band)) return false;
    // A substring of a searched field, both lowercased: as the server's text index and LIKE find it.
    return searchText === '' || text.some((field) => field.includes(searchText));
  };
}

/** Ascending order of two keys: numbers as numbers, text by code unit as SQLite's BINARY collation. */
function compareKeys(a: number | string, b: number | string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** The search's order (searchOrder): its keys in turn, the last the account id, so never a tie. */
function order(request: AccountSearchRequest): (a: Candidate, b: Candidate) => number {
  const entries = searchOrder(request);
  return (a, b) => {
    for (const { key, direction } of entries) {
      const compared = compareKeys(a.keys[key], b.keys[key]);
      if (compared !== 0) return direction === 'asc' ? compared : -compared;
    }
    return 0;
  };
}

function item(entry: Candidate, promotion: KeptCustomers['promotions'][number] | undefined, now: number) {
  return searchItem(
    {
      id: entry.account.id,
      name: entry.account.name,
      primaryRegion: entry.account.primaryRegion,
      customerIds: entry.account.divisionDetails.map((division) => division.id),
      totalSpend: entry.totalSpend,
      percentageAchieved: entry.percentage,
      targets: entry.targets,
      firstTarget: entry.firstTarget,
      enrolled: entry.enrolled,
      hasRow: entry.hasRow,
    },
    promotion,
    now,
  );
}

/**
 * The kept customers a search request finds: its page, its total and, with summary 'bands', the
 * count of every match per band. A branch roll-up needs the branches' names and regions, which are
 * not kept: it is answered online only.
 */
export function searchKeptCustomers(
  index: KeptCustomerIndex,
  request: AccountSearchRequest,
  now: number,
): AccountSearchResponse {
  const { promotionId } = searchPromotion(request);
  const promotion = index.kept.promotions.find((entry) => entry.id === promotionId);
  const pace = searchPace(promotion, now);
  const found = candidatesFor(index, promotionId, pace).filter(matcher(request));
  const summary = request.summary ? { summary: { bands: bandCounts(found) } } : {};
  if (request.totalOnly) return { ids: [], items: [], total: found.length, ...summary };
  const { offset, limit } = searchPage(request);
  const page = found
    .toSorted(order(request))
    .slice(offset, offset + limit)
    .map((entry) => item(entry, promotion, now));
  return { ids: page.map((entry) => entry.id), items: page, total: found.length, ...summary };
}

function bandCounts(found: readonly Candidate[]): PaceBandCounts {
  const counts = emptyBandCounts();
  for (const entry of found) counts[entry.band] += 1;
  return counts;
}
