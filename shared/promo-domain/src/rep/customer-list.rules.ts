import {
  ACCOUNT_SORT_KEYS,
  type AccountSearchRequest,
  type AccountSortKey,
  type PaceBand,
  type PromotionId,
  type SearchSummary,
  type SortDirection,
} from '../types';
import type { PromotionFilters } from '@promo/domain/rep/saved-selection.rules';
import { formatQuantity } from '@promo/domain/format/format';

/** The rep's customer table (docs/product-rules.md, 'Customer table'). */

/** Rep customer list page size. */
export const CUSTOMER_PAGE_SIZE = 10;
/** The search text is debounced 1 second (and resets the page to 1). */
export const CUSTOMER_SEARCH_DEBOUNCE_MS = 1000;

/** The table's sorts: every account search key but the name, which no screen asks. */
export type CustomerSortKey = Exclude<AccountSortKey, 'name'>;
export interface CustomerSort {
  key: CustomerSortKey;
  direction: SortDirection;
}

/** Default sort: percentage, descending. */
export const DEFAULT_CUSTOMER_SORT: CustomerSort = { key: 'percentage', direction: 'desc' };

/** Clicking the sorted column's header toggles its direction; another header sorts by it, descending. */
export function toggleSort(current: CustomerSort, key: CustomerSortKey): CustomerSort {
  if (current.key === key) return { key, direction: current.direction === 'desc' ? 'asc' : 'desc' };
  return { key, direction: 'desc' };
}

export type RegisteredOption = 'all' | 'registered' | 'nonRegistered';

/**
 * The registered filter (Show All / Registered / Non Registered, multi-select). Show All selects
 * both; Registered and Non Registered each switch on and off. Both off shows nobody.
 */
export function toggleRegisteredOption(
  filters: PromotionFilters,
  option: RegisteredOption,
): PromotionFilters {
  if (option === 'all') return { ...filters, showRegistered: true, showNonRegistered: true };
  if (option === 'registered') return { ...filters, showRegistered: !filters.showRegistered };
  return { ...filters, showNonRegistered: !filters.showNonRegistered };
}

/** The filters with `band` chosen (undefined: every band), the registered filter kept. */
export function withPaceBand(filters: PromotionFilters, band: PaceBand | undefined): PromotionFilters {
  const registered = { showRegistered: filters.showRegistered, showNonRegistered: filters.showNonRegistered };
  return band ? { ...registered, band } : registered;
}

export function isOptionSelected(filters: PromotionFilters, option: RegisteredOption): boolean {
  if (option === 'all') return filters.showRegistered && filters.showNonRegistered;
  if (option === 'registered') return filters.showRegistered;
  return filters.showNonRegistered;
}

/**
 * What the table shows; the page is 1-based. `branchId` narrows the selected branches to one (the
 * roll-up opens a branch's customers); null shows every selected branch.
 */
export interface CustomerListState {
  searchText: string;
  page: number;
  sort: CustomerSort;
  branchId: string | null;
}

export const INITIAL_CUSTOMER_LIST: CustomerListState = {
  searchText: '',
  page: 1,
  sort: DEFAULT_CUSTOMER_SORT,
  branchId: null,
};

/**
 * The search behind the table: customers with targets for the promotion (their figures are what the
 * table shows), at the selected branches, narrowed by the registered filter, the pace band and the
 * search text.
 * Null when neither Registered nor Non Registered is chosen: nobody to show, nothing to ask.
 * Without `page`, the request has no paging (the export pages through it itself).
 */
export function customerSearchRequest(input: {
  promotionId: PromotionId;
  branchIds: readonly string[];
  filters: PromotionFilters;
  searchText: string;
  sort: CustomerSort;
  page?: number;
}): AccountSearchRequest | null {
  const { showRegistered, showNonRegistered } = input.filters;
  if (!showRegistered && !showNonRegistered) return null;
  const searchText = input.searchText.trim();
  const request: AccountSearchRequest = {
    filters: {
      hasTargetsFor: input.promotionId,
      ...(showRegistered && !showNonRegistered ? { enrolledIn: input.promotionId } : {}),
      ...(!showRegistered && showNonRegistered ? { notEnrolledIn: input.promotionId } : {}),
      branchID: [...input.branchIds],
      ...(input.filters.band ? { band: input.filters.band } : {}),
      ...(searchText !== '' ? { searchText } : {}),
    },
    sort: [{ key: input.sort.key, direction: input.sort.direction }],
  };
  if (input.page !== undefined) {
    request.offset = (Math.max(1, input.page) - 1) * CUSTOMER_PAGE_SIZE;
    request.limit = CUSTOMER_PAGE_SIZE;
  }
  return request;
}

/**
 * The portfolio's picture for the same customers as the table, paging, search text and band aside:
 * the count per pace band (summary 'bands', the bar above the table, whose parts add up to the
 * table's total while no band or search narrows it) or those per branch as well ('branches', the
 * roll-up). The band is left out so that every band keeps its count while one is chosen. Null, as
 * for the table, when neither Registered nor Non Registered is chosen.
 */
export function portfolioSummaryRequest(input: {
  promotionId: PromotionId;
  branchIds: readonly string[];
  filters: PromotionFilters;
  summary: SearchSummary;
}): AccountSearchRequest | null {
  const request = customerSearchRequest({
    promotionId: input.promotionId,
    branchIds: input.branchIds,
    filters: {
      showRegistered: input.filters.showRegistered,
      showNonRegistered: input.filters.showNonRegistered,
    },
    searchText: '',
    sort: DEFAULT_CUSTOMER_SORT,
  });
  if (request === null) return null;
  return { filters: request.filters, totalOnly: true, summary: input.summary };
}

export function pageCount(total: number): number {
  return Math.max(1, Math.ceil(total / CUSTOMER_PAGE_SIZE));
}

/** 'Showing 11–20 of 845 customers' (en dash). */
export function pageSummary(page: number, total: number): string {
  if (total === 0) return 'No customers';
  const first = (page - 1) * CUSTOMER_PAGE_SIZE + 1;
  const last = Math.min(total, page * CUSTOMER_PAGE_SIZE);
  return `Showing ${first}–${last} of ${formatQuantity(total, 'customer', 'customers')}`;
}

const SORT_KEYS = ACCOUNT_SORT_KEYS.filter((key): key is CustomerSortKey => key !== 'name');

/**
 * The table's state lives in the address (q, page, sort, dir, branch), so that back and forward, reloads and
 * shared links show the same page. Anything unrecognised falls back to the defaults.
 */
export function parseCustomerListParams(params: URLSearchParams): CustomerListState {
  const key = params.get('sort');
  const direction = params.get('dir');
  const page = Number(params.get('page') ?? '1');
  return {
    searchText: params.get('q') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    sort: {
      key: SORT_KEYS.includes(key as CustomerSortKey) ? (key as CustomerSortKey) : DEFAULT_CUSTOMER_SORT.key,
      direction: direction === 'asc' || direction === 'desc' ? direction : DEFAULT_CUSTOMER_SORT.direction,
    },
    branchId: params.get('branch') || null,
  };
}

/** Writes the table's state into `params` (other parameters kept), leaving defaults out. */
export function withCustomerListParams(params: URLSearchParams, state: CustomerListState): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (name: string, value: string, fallback: string) => {
    if (value === fallback) next.delete(name);
    else next.set(name, value);
  };
  set('q', state.searchText, '');
  set('page', String(state.page), '1');
  set('sort', state.sort.key, DEFAULT_CUSTOMER_SORT.key);
  set('dir', state.sort.direction, DEFAULT_CUSTOMER_SORT.direction);
  set('branch', state.branchId ?? '', '');
  return next;
}
