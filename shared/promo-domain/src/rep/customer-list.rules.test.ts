import { describe, expect, it } from 'vitest';
import {
  CUSTOMER_PAGE_SIZE,
  CUSTOMER_SEARCH_DEBOUNCE_MS,
  customerSearchRequest,
  DEFAULT_CUSTOMER_SORT,
  isOptionSelected,
  pageCount,
  pageSummary,
  parseCustomerListParams,
  portfolioSummaryRequest,
  toggleRegisteredOption,
  toggleSort,
  withCustomerListParams,
  withPaceBand,
} from './customer-list.rules';
import { CUSTOMER_CSV_HEADER, customerCsvRecord } from './export-records.rules';

const BOTH = { showRegistered: true, showNonRegistered: true };

describe('the customer list constants', () => {
  it('pages by 10, sorts by percentage descending and debounces the search 1 second', () => {
    expect(CUSTOMER_PAGE_SIZE).toBe(10);
    expect(DEFAULT_CUSTOMER_SORT).toEqual({ key: 'percentage', direction: 'desc' });
    expect(CUSTOMER_SEARCH_DEBOUNCE_MS).toBe(1000);
  });
});

describe('toggleSort', () => {
  it('toggles the direction of the sorted column', () => {
    expect(toggleSort(DEFAULT_CUSTOMER_SORT, 'percentage')).toEqual({ key: 'percentage', direction: 'asc' });
    expect(toggleSort({ key: 'percentage', direction: 'asc' }, 'percentage')).toEqual(DEFAULT_CUSTOMER_SORT);
  });

  it('sorts by another column, descending first', () => {
    expect(toggleSort({ key: 'percentage', direction: 'asc' }, 'totalSpend')).toEqual({
      key: 'totalSpend',
      direction: 'desc',
    });
  });
});

describe('the registered filter', () => {
  it('selects both with Show All', () => {
    expect(toggleRegisteredOption({ showRegistered: false, showNonRegistered: false }, 'all')).toEqual(BOTH);
    expect(isOptionSelected(BOTH, 'all')).toBe(true);
  });

  it('switches Registered and Non Registered on and off on their own (multi-select)', () => {
    const registeredOnly = toggleRegisteredOption(BOTH, 'nonRegistered');
    expect(registeredOnly).toEqual({ showRegistered: true, showNonRegistered: false });
    expect(isOptionSelected(registeredOnly, 'all')).toBe(false);
    expect(isOptionSelected(registeredOnly, 'registered')).toBe(true);
    expect(toggleRegisteredOption(registeredOnly, 'registered')).toEqual({
      showRegistered: false,
      showNonRegistered: false,
    });
  });

  it('chooses a pace band, or every band, keeping the registered filter', () => {
    const registeredOnly = { showRegistered: true, showNonRegistered: false };
    expect(withPaceBand(registeredOnly, 'not-joined')).toEqual({ ...registeredOnly, band: 'not-joined' });
    expect(withPaceBand({ ...registeredOnly, band: 'behind' }, undefined)).toEqual(registeredOnly);
  });

  it('keeps the chosen pace band', () => {
    const behind = { ...BOTH, band: 'behind' as const };
    expect(toggleRegisteredOption(behind, 'registered')).toEqual({ ...behind, showRegistered: false });
    expect(toggleRegisteredOption({ ...behind, showRegistered: false }, 'all')).toEqual(behind);
  });
});

describe('customerSearchRequest', () => {
  const base = {
    promotionId: 'PROMO-A',
    branchIds: ['101', '102'],
    filters: BOTH,
    searchText: '',
    sort: DEFAULT_CUSTOMER_SORT,
  };

  it('asks for the customers with targets at the selected branches, a page of 10', () => {
    expect(customerSearchRequest({ ...base, page: 3 })).toEqual({
      filters: { hasTargetsFor: 'PROMO-A', branchID: ['101', '102'] },
      sort: [{ key: 'percentage', direction: 'desc' }],
      offset: 20,
      limit: 10,
    });
  });

  it('narrows to registered or non-registered customers', () => {
    expect(
      customerSearchRequest({ ...base, filters: { showRegistered: true, showNonRegistered: false } })
        ?.filters,
    ).toEqual({ hasTargetsFor: 'PROMO-A', enrolledIn: 'PROMO-A', branchID: ['101', '102'] });
    expect(
      customerSearchRequest({ ...base, filters: { showRegistered: false, showNonRegistered: true } })
        ?.filters,
    ).toEqual({ hasTargetsFor: 'PROMO-A', notEnrolledIn: 'PROMO-A', branchID: ['101', '102'] });
  });

  it('asks nothing when neither is chosen', () => {
    expect(
      customerSearchRequest({ ...base, filters: { showRegistered: false, showNonRegistered: false } }),
    ).toBeNull();
  });

  it('narrows to the chosen pace band', () => {
    expect(customerSearchRequest({ ...base, filters: { ...BOTH, band: 'behind' } })?.filters).toEqual({
      hasTargetsFor: 'PROMO-A',
      branchID: ['101', '102'],
      band: 'behind',
    });
  });

  it('sends the trimmed search text and the sort, and no paging for the export', () => {
    expect(
      customerSearchRequest({
        ...base,
        searchText: '  smith ',
        sort: { key: 'needsAttention', direction: 'asc' },
      }),
    ).toEqual({
      filters: { hasTargetsFor: 'PROMO-A', branchID: ['101', '102'], searchText: 'smith' },
      sort: [{ key: 'needsAttention', direction: 'asc' }],
    });
  });
});

describe('portfolioSummaryRequest', () => {
  const base = { promotionId: 'PROMO-A', branchIds: ['101', '102'] };

  it('counts the table’s customers per band, without rows, whatever band is chosen', () => {
    expect(
      portfolioSummaryRequest({ ...base, filters: { ...BOTH, band: 'behind' }, summary: 'bands' }),
    ).toEqual({
      filters: { hasTargetsFor: 'PROMO-A', branchID: ['101', '102'] },
      totalOnly: true,
      summary: 'bands',
    });
  });

  it('follows the registered filter and asks for the roll-up per branch', () => {
    expect(
      portfolioSummaryRequest({
        ...base,
        filters: { showRegistered: true, showNonRegistered: false },
        summary: 'branches',
      }),
    ).toEqual({
      filters: { hasTargetsFor: 'PROMO-A', enrolledIn: 'PROMO-A', branchID: ['101', '102'] },
      totalOnly: true,
      summary: 'branches',
    });
  });

  it('asks nothing when neither Registered nor Non Registered is chosen', () => {
    expect(
      portfolioSummaryRequest({
        ...base,
        filters: { showRegistered: false, showNonRegistered: false },
        summary: 'bands',
      }),
    ).toBeNull();
  });
});

describe('paging', () => {
  it('counts pages of 10, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(845)).toBe(85);
  });

  it('summarises the rows shown', () => {
    expect(pageSummary(2, 845)).toBe('Showing 11–20 of 845 customers');
    expect(pageSummary(85, 845)).toBe('Showing 841–845 of 845 customers');
    expect(pageSummary(1, 1)).toBe('Showing 1–1 of 1 customer');
    expect(pageSummary(1, 0)).toBe('No customers');
  });
});

describe('the table state in the address', () => {
  it('reads defaults from an empty address and ignores nonsense', () => {
    expect(parseCustomerListParams(new URLSearchParams(''))).toEqual({
      searchText: '',
      page: 1,
      sort: DEFAULT_CUSTOMER_SORT,
      branchId: null,
    });
    expect(parseCustomerListParams(new URLSearchParams('page=-2&sort=region&dir=up&branch='))).toEqual({
      searchText: '',
      page: 1,
      sort: DEFAULT_CUSTOMER_SORT,
      branchId: null,
    });
  });

  it('writes only what differs from the defaults and keeps other parameters', () => {
    const state = {
      searchText: 'smith',
      page: 2,
      sort: { key: 'totalSpend', direction: 'desc' },
      branchId: '104',
    } as const;
    const params = withCustomerListParams(new URLSearchParams('customer=G1'), state);
    expect(params.toString()).toBe('customer=G1&q=smith&page=2&sort=totalSpend&branch=104');
    expect(parseCustomerListParams(params)).toEqual(state);
    expect(withCustomerListParams(params, { ...state, branchId: null }).has('branch')).toBe(false);
  });
});

describe('customerCsvRecord', () => {
  it('writes a customer with the needs-attention figures', () => {
    const record = customerCsvRecord(
      {
        id: 'G100123',
        name: 'Smith, Jones & Co',
        primaryRegion: 'Auckland',
        customerIds: ['ATL10234', 'BNT10235'],
        totalSpend: 12_345.678,
        percentageAchieved: 0.61728,
        targets: [{ targetNumber: 1, amount: 20_000 }],
        firstTarget: 20_000,
        enrolled: true,
        nextTarget: { targetNumber: 1, amount: 20_000, remaining: 7654.322, perTradingDayNeeded: 850.4802 },
      },
      -12.345,
    );
    expect(record).toHaveLength(CUSTOMER_CSV_HEADER.length);
    expect(record).toEqual([
      'G100123',
      'Smith, Jones & Co',
      'Auckland',
      'ATL10234 BNT10235',
      'Yes',
      12_345.68,
      20_000,
      61.7,
      -12.3,
      'Target 1',
      7654.32,
      850.48,
    ]);
  });

  it('leaves the needs-attention columns empty once every target is reached', () => {
    const record = customerCsvRecord(
      {
        id: 'G1',
        name: 'Done Ltd',
        primaryRegion: 'Otago',
        customerIds: [],
        totalSpend: 30_000,
        percentageAchieved: 1,
        targets: [{ targetNumber: 1, amount: 10_000 }],
        firstTarget: 10_000,
        enrolled: false,
      },
      undefined,
    );
    expect(record.slice(4)).toEqual(['No', 30_000, 10_000, 100, null, null, null, null]);
  });
});
