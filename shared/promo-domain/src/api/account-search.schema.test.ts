import { describe, expect, it } from 'vitest';
import { ACCOUNT_SEARCH_MAX_LIMIT } from './account-limits';
import { accountSearchSchema } from './account-search.schema';
import {
  customerSearchRequest,
  DEFAULT_CUSTOMER_SORT,
  portfolioSummaryRequest,
} from '../rep/customer-list.rules';

// The client's request type is the schema's input (types.ts): what the rep's screens build must parse.
describe('the account search contract', () => {
  it("accepts every search the rep's table and roll-up send", () => {
    const requests = [
      customerSearchRequest({
        promotionId: 'PROMO-1',
        branchIds: ['B1', 'B2'],
        filters: { showRegistered: true, showNonRegistered: false, band: 'behind' },
        searchText: ' acme ',
        sort: DEFAULT_CUSTOMER_SORT,
        page: 3,
      }),
      customerSearchRequest({
        promotionId: 'PROMO-1',
        branchIds: ['B1'],
        filters: { showRegistered: true, showNonRegistered: true },
        searchText: '',
        sort: { key: 'needsAttention', direction: 'asc' },
      }),
      portfolioSummaryRequest({
        promotionId: 'PROMO-1',
        branchIds: ['B1'],
        filters: { showRegistered: false, showNonRegistered: true },
        summary: 'branches',
      }),
    ];
    for (const request of requests) {
      expect(request).not.toBeNull();
      expect(accountSearchSchema.safeParse(request).error).toBeUndefined();
    }
  });

  it("refuses what the server cannot answer: a band with no promotion, a page over the server's largest", () => {
    expect(accountSearchSchema.safeParse({ filters: { band: 'behind' } }).success).toBe(false);
    expect(accountSearchSchema.safeParse({ summary: 'bands' }).success).toBe(false);
    expect(accountSearchSchema.safeParse({ limit: ACCOUNT_SEARCH_MAX_LIMIT }).success).toBe(true);
    expect(accountSearchSchema.safeParse({ limit: ACCOUNT_SEARCH_MAX_LIMIT + 1 }).success).toBe(false);
  });
});
