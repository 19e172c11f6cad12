import { achievement } from '../promotion/target-progress.rules';
import {
  PACE_BANDS,
  amountToNextTarget,
  nextTargetNeed,
  paceBand,
  promotionPace,
  type PromotionPace,
} from './rep-progress.rules';
import type {
  Account,
  AccountSearchItem,
  AccountSearchRequest,
  AccountSearchResponse,
  AccountSortKey,
  PaceBand,
  PaceBandCounts,
  Promotion,
} from '../types';

/**
 * The rep's customer search over the customers kept on the device (docs/decisions/047-rep-briefcase.md):
 * the request POST /account/search takes, answered as the server answers it
 * (server/src/accounts/account-search.ts), so the offline table shows the same customers, in the
 * same order, with the same totals. The figures come from each kept account by the rules the server
 * stores them with (achievement, amountToNextTarget) and its bands by paceBand; the server's SQL
 * is held to this rule by server/src/briefcase/kept-customer-search.test.ts.
 */

/** What a search reads: the kept accounts, and the promotions whose pace dates the bands. */
export interface KeptCustomers {
  accounts: readonly Account[];
  promotions: readonly Pick<Promotion, 'id' | 'startTimestamp' | 'endTimestamp'>[];
}

/** As the server pages when the request names no limit. */
const DEFAULT_LIMIT = 10;

/** One kept customer as the search sees them: their figures for the request's promotion. */
interface Candidate {
  account: Account;
  enrolled: boolean;
  hasRow: boolean;
  totalSpend: number;
  percentage: number;
  targets: AccountSearchItem['targets'];
  firstTarget: number;
  keys: Record<AccountSortKey, number | string>;
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
    },
    band: paceBand({ enrolled, totalSpend, firstTarget }, pace),
    text: [account.id, account.name, ...account.divisionDetails.map((division) => division.id)].map((field) =>
      field.toLowerCase(),
    ),
  };
}

function isEnrolledIn(account: Account, promotionId: string): boolean {
  return account.enrolledPromotions.some((entry) => entry.promotionID === promotionId);
}

function bandsOf(request: AccountSearchRequest): ReadonlySet<PaceBand> {
  const band = request.filters?.band;
  if (band === undefined) return new Set(PACE_BANDS);
  return new Set(Array.isArray(band) ? band : [band]);
}

/** Whether a kept customer matches every filter of the request. */
function matches(entry: Candidate, request: AccountSearchRequest): boolean {
  const filters = request.filters ?? {};
  const { account } = entry;
  if (filters.hasTargetsFor !== undefined && account.progressDetails[filters.hasTargetsFor] === undefined)
    return false;
  if (filters.enrolledIn !== undefined && !isEnrolledIn(account, filters.enrolledIn)) return false;
  if (filters.notEnrolledIn !== undefined && isEnrolledIn(account, filters.notEnrolledIn)) return false;
  const branches = filters.branchID ?? [];
  if (
    branches.length > 0 &&
    !account.divisionDetails.some((division) => branches.includes(division.branchID))
  )
    return false;
  if (!bandsOf(request).has(entry.band)) return false;
  // A case-insensitive substring of the id, the name or a division account id, as the text index finds.
  const searchText = filters.searchText?.trim().toLowerCase() ?? '';
  return searchText === '' || entry.text.some((field) => field.includes(searchText));
}

/** Ascending order of two keys: numbers as numbers, text by code unit as SQLite's BINARY collation. */
function compareKeys(a: number | string, b: number | string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** The request's order (percentage, highest first, by default), then the account id: never a tie. */
function order(request: AccountSearchRequest): (a: Candidate, b: Candidate) => number {
  const sort =
    request.sort && request.sort.length > 0 ? request.sort : [{ key: 'percentage', direction: 'desc' }];
  return (a, b) => {
    for (const { key, direction } of sort) {
      const compared = compareKeys(a.keys[key as AccountSortKey], b.keys[key as AccountSortKey]);
      if (compared !== 0) return direction === 'asc' ? compared : -compared;
    }
    return compareKeys(a.account.id, b.account.id);
  };
}

function item(entry: Candidate, promotion: KeptCustomers['promotions'][number] | undefined, now: number) {
  const nextTarget =
    promotion && entry.hasRow
      ? nextTargetNeed({
          now,
          startTimestamp: promotion.startTimestamp,
          endTimestamp: promotion.endTimestamp,
          totalSpend: entry.totalSpend,
          targets: entry.targets,
        })
      : undefined;
  const result: AccountSearchItem = {
    id: entry.account.id,
    name: entry.account.name,
    primaryRegion: entry.account.primaryRegion,
    customerIds: entry.account.divisionDetails.map((division) => division.id),
    totalSpend: entry.totalSpend,
    percentageAchieved: entry.percentage,
    targets: entry.targets,
    firstTarget: entry.firstTarget,
    enrolled: entry.enrolled,
    ...(nextTarget ? { nextTarget } : {}),
  };
  return result;
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
  const filters = request.filters ?? {};
  const promotionId = filters.hasTargetsFor ?? filters.enrolledIn ?? filters.notEnrolledIn;
  const promotion = index.kept.promotions.find((entry) => entry.id === promotionId);
  const pace = promotion
    ? promotionPace(now, promotion.startTimestamp, promotion.endTimestamp)
    : { elapsedTradingDays: 0, tradingDays: 0 };
  const found = candidatesFor(index, promotionId, pace).filter((entry) => matches(entry, request));
  const summary = request.summary ? { summary: { bands: bandCounts(found) } } : {};
  if (request.totalOnly) return { ids: [], items: [], total: found.length, ...summary };
  const offset = request.offset ?? 0;
  const page = found
    .toSorted(order(request))
    .slice(offset, offset + (request.limit ?? DEFAULT_LIMIT))
    .map((entry) => item(entry, promotion, now));
  return { ids: page.map((entry) => entry.id), items: page, total: found.length, ...summary };
}

function bandCounts(found: readonly Candidate[]): PaceBandCounts {
  const counts: PaceBandCounts = { 'on-pace': 0, slipping: 0, behind: 0, 'not-joined': 0 };
  for (const entry of found) counts[entry.band] += 1;
  return counts;
}
