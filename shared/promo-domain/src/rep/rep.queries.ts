import { keepPreviousData, mutationOptions, queryOptions } from '@promo/domain/query';
import { ACCOUNT_STALE_TIME_MS } from '@promo/domain/account/account.queries';
import { http } from '@promo/domain/http/http-client';
import { ACCOUNT_SEARCH_MAX_LIMIT } from '../api/account-limits';
import { getConfigurationEntry } from '../configuration/configuration.api';
import type { AccountSearchItem, AccountSearchRequest, Branch, PaceBandCounts, PromotionId } from '../types';
import type { AuditEvent } from '../api/audit-event.schema';
import { BRANCH_DETAILS_ID, queryKeys } from '../query-keys';

/** The sales rep's calls: account search, the branch list and the audit log. */

export const searchAccounts = (request: AccountSearchRequest) => http.post('/account/search', request);

/** Configuration 'branch.details': the branches of the rep's allowed regions (the server filters). */
export const getBranches = async (): Promise<Branch[]> =>
  (await getConfigurationEntry(BRANCH_DETAILS_ID))?.value ?? [];

const logAuditEvent = (event: AuditEvent) => http.post('/audit/log', event);

export const repMutations = {
  /** POST /audit/log: a failed write is tried twice more before it is given up. */
  logAuditEvent: () => mutationOptions({ mutationKey: ['audit'], mutationFn: logAuditEvent, retry: 2 }),
};

/**
 * Every match of a search, in its order, page by page (the export: all pages, not the visible one).
 * Stops at the total the first page reported, so rows added meanwhile cannot make it run forever.
 */
export async function searchAllAccounts(
  request: AccountSearchRequest,
  onProgress?: (loaded: number, total: number) => void,
  signal?: AbortSignal,
): Promise<AccountSearchItem[]> {
  const items: AccountSearchItem[] = [];
  let total = Number.POSITIVE_INFINITY;
  while (items.length < total) {
    signal?.throwIfAborted();
    const page = await searchAccounts({ ...request, offset: items.length, limit: ACCOUNT_SEARCH_MAX_LIMIT });
    total = Number.isFinite(total) ? total : page.total;
    items.push(...page.items);
    onProgress?.(items.length, total);
    if (page.items.length < ACCOUNT_SEARCH_MAX_LIMIT) break;
  }
  return items.slice(0, total);
}

export interface PromotionCustomerCounts {
  /** Customers at the selected branches who joined the promotion. */
  joined: number;
  /** Customers at the selected branches with targets for the promotion. */
  targeted: number;
}

const EMPTY_BAND_COUNTS: PaceBandCounts = { 'on-pace': 0, slipping: 0, behind: 0, 'not-joined': 0 };

export const repQueries = {
  all: queryKeys.rep,
  branches: () =>
    queryOptions({
      queryKey: queryKeys.branches(),
      queryFn: getBranches,
      // Branch data is fresh for 5 minutes.
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
  /** The dashboard card's joined/target count, over the selected branches. */
  counts: (promotionId: PromotionId, branchIds: readonly string[]) =>
    queryOptions({
      queryKey: [...repQueries.all(), 'counts', promotionId, [...branchIds]] as const,
      queryFn: async (): Promise<PromotionCustomerCounts> => {
        const branchID = [...branchIds];
        const [joined, targeted] = await Promise.all([
          searchAccounts({ totalOnly: true, filters: { enrolledIn: promotionId, branchID } }),
          searchAccounts({ totalOnly: true, filters: { hasTargetsFor: promotionId, branchID } }),
        ]);
        return { joined: joined.total, targeted: targeted.total };
      },
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
  /**
   * The portfolio summary (portfolioSummaryRequest): band counts, and per branch when asked. The
   * previous answer stays on screen while the next loads, as the table's does.
   */
  summary: (request: AccountSearchRequest) =>
    queryOptions({
      queryKey: [...repQueries.all(), 'summary', request] as const,
      queryFn: async () => {
        const { summary, total } = await searchAccounts(request);
        return { total, bands: summary?.bands ?? EMPTY_BAND_COUNTS, branches: summary?.branches ?? [] };
      },
      placeholderData: keepPreviousData,
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
  /** One page of the customer table; the previous page stays on screen while the next loads. */
  customers: (request: AccountSearchRequest) =>
    queryOptions({
      queryKey: [...repQueries.all(), 'customers', request] as const,
      queryFn: () => searchAccounts(request),
      placeholderData: keepPreviousData,
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
};
