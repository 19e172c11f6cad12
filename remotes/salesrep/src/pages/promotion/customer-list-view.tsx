import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { repQueries } from '@promo/domain/rep/rep.queries';
import { hasBranchSelection } from '@promo/domain/rep/branch-selection.rules';
import {
  customerSearchRequest,
  pageSummary,
  parseCustomerListParams,
  portfolioSummaryRequest,
  toggleSort,
  withCustomerListParams,
  withPaceBand,
  type CustomerListState,
} from '@promo/domain/rep/customer-list.rules';
import { PACE_BAND_LABELS, promotionPace, type PromotionPace } from '@promo/domain/rep/rep-progress.rules';
import type { PaceBand } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { titleFromData, usePageFrame } from '@promo/ui/page-frame';
import { queryFailure, queryGate } from '@promo/ui/query-error';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@promo/domain/query';
import { useDeferredValue, useMemo, useState } from 'react';
import { useSearchParams } from '@promo/ui/router';
import { ExportCsvButton } from '../../features/customer-export/export-csv-button';
import { CustomerSearchBox } from '../../features/customer-table/customer-search-box';
import { CustomerTable } from '../../features/customer-table/customer-table';
import { Pagination } from '../../features/customer-table/pagination';
import { RegisteredFilter } from '../../features/customer-table/registered-filter';
import { PaceBandBar } from '../../features/pace-bands/pace-band-bar';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { useRepSelection } from '../../features/saved-selection/use-rep-selection';
import styles from './promotion-page.module.css';
import { customerSearch } from './promotion-links';
import { promotionGate } from './promotion-gate';

/**
 * What the table asks for: the address's search, sort and page, the rep's selected branches (or the
 * one branch the address names) and the filters saved for the promotion; and the two searches that
 * ask it, the page's and the pace bands' summary.
 */
function useCustomerSearch(promotionId: string) {
  const { userId, allowedRegions } = useRepUser();
  const { branches, selection, filtersFor, setFilters } = useRepSelection(userId, allowedRegions);
  const [params, setParams] = useSearchParams();
  const state = parseCustomerListParams(params);
  const filters = filtersFor(promotionId);
  const selected = hasBranchSelection(selection);
  // A branch from the address counts only while it is one of the rep's selected branches.
  const branch =
    state.branchId !== null && selection.selectedBranchIds.includes(state.branchId)
      ? (branches.data?.find((entry) => entry.branchID === state.branchId) ?? null)
      : null;
  const branchIds = branch ? [branch.branchID] : selection.selectedBranchIds;
  const search = { promotionId, branchIds, filters, searchText: state.searchText, sort: state.sort };
  const request = customerSearchRequest({ ...search, page: state.page });
  const customers = useQuery({
    ...repQueries.customers(request ?? {}),
    enabled: request !== null && selected,
  });
  const summaryRequest = portfolioSummaryRequest({ promotionId, branchIds, filters, summary: 'bands' });
  const summary = useQuery({
    ...repQueries.summary(summaryRequest ?? {}),
    enabled: summaryRequest !== null && selected,
  });

  const update = (next: Partial<CustomerListState>) =>
    setParams(withCustomerListParams(params, { ...state, page: 1, ...next }), { replace: true });
  const changeFilters = (next: typeof filters) => {
    setFilters(promotionId, next);
    update({});
  };
  return {
    branches,
    selected,
    params,
    state,
    filters,
    branch,
    request,
    // The export asks for the same list without paging: all of it.
    exportRequest: customerSearchRequest(search),
    customers,
    summaryRequest,
    summary,
    update,
    changeFilters,
    selectBand: (band: PaceBand | undefined) => changeFilters(withPaceBand(filters, band)),
  };
}
type CustomerSearch = ReturnType<typeof useCustomerSearch>;

/**
 * The rep's customer table for one promotion (docs/product-rules.md, 'Customer table'): the
 * portfolio's pace bands above it (one of them filters it), search (debounced), registered filter,
 * sort, pages of 10, and the needs-attention worklist with its CSV export. ?branch= narrows the
 * selected branches to one (the branch roll-up opens a branch this way).
 */
export function CustomerListView({ promotionId }: { promotionId: string }) {
  const promotion = useQuery(promotionQueries.detail(promotionId));
  const [now] = useState(() => Date.now());
  usePageFrame(titleFromData(promotion.data?.name, promotion.isPending, 'Customers'), { showBack: true });
  const search = useCustomerSearch(promotionId);
  const { state, filters, branch, summary } = search;
  const pace = useMemo(
    () =>
      promotion.data
        ? promotionPace(now, promotion.data.startTimestamp, promotion.data.endTimestamp)
        : { elapsedTradingDays: 0, tradingDays: 0 },
    [promotion.data, now],
  );

  const gate = promotionGate(search.branches, promotion, search.selected);
  if (!gate.ready) return gate.element;
  const bandsFailure = queryFailure({ summary }, { failedTitle: 'The pace bands could not be loaded' });

  // The file's name says what the list holds: the promotion, and the branch and band when narrowed.
  const fileParts = [
    'customers',
    gate.promotion.id,
    ...(branch ? [branch.branch || branch.branchName] : []),
    ...(filters.band ? [filters.band] : []),
  ];

  return (
    <div className={styles.page}>
      {branch ? (
        <p className={styles.branch} role="status">
          <span>
            Branch: <strong>{branch.branchName}</strong>
          </span>
          <Button variant="secondary" onClick={() => search.update({ branchId: null })}>
            Show all selected branches
          </Button>
        </p>
      ) : null}
      {search.summaryRequest === null
        ? null
        : (bandsFailure ?? (
            <PaceBandBar
              counts={summary.data?.bands}
              selected={filters.band}
              onSelect={search.selectBand}
              busy={summary.isPlaceholderData || summary.isFetching}
            />
          ))}
      <CustomerSearchBox value={state.searchText} onSearch={(searchText) => search.update({ searchText })} />
      <RegisteredFilter filters={filters} onChange={search.changeFilters} />
      <CustomerResults search={search} pace={pace} fileParts={fileParts} />
    </div>
  );
}

/** The list itself: what the search found, a page of it in the table, or why there is none. */
function CustomerResults({
  search,
  pace,
  fileParts,
}: {
  search: CustomerSearch;
  pace: PromotionPace;
  fileParts: readonly string[];
}) {
  const { state, filters, branch, customers, update } = search;
  // An answer shows in a render of its own that a key or click can interrupt: ten rows at 4x CPU
  // take tens of milliseconds, and a rep typing on or paging on meanwhile should not wait for them
  // (docs/decisions/039-interaction-latency.md). Until then the rows on screen say they are updating.
  const shown = useDeferredValue(customers.data);
  const updating = customers.isPlaceholderData || shown !== customers.data;

  if (search.request === null) {
    return (
      <Notice title="No customers to show">
        <p>Choose Show All, Registered or Non Registered to see customers.</p>
      </Notice>
    );
  }
  const loading = { failedTitle: 'Customers could not be loaded', loadingLabel: 'Loading customers…' };
  const gate = queryGate({ customers }, loading);
  if (!gate.ready) return gate.element;
  if (shown === undefined) return <Spinner label={loading.loadingLabel} />;
  return (
    <>
      <div className={styles.toolbar}>
        <p className={styles.summary} role="status">
          {pageSummary(state.page, shown.total)}
          {updating ? <span className={styles.updating}> Updating…</span> : null}
        </p>
        <ExportCsvButton request={search.exportRequest} pace={pace} fileParts={fileParts} />
      </div>
      {shown.total === 0 ? (
        <Notice title="No customers found">
          <p>
            {state.searchText.trim() !== ''
              ? `No customers match “${state.searchText.trim()}”. Check the spelling or search by another ID.`
              : filters.band
                ? `No customers at ${branch ? 'this branch' : 'your selected branches'} are in the band ${PACE_BAND_LABELS[filters.band]}.`
                : 'No customers at your selected branches match this filter.'}
          </p>
        </Notice>
      ) : shown.items.length === 0 ? (
        <Notice title="No customers on this page">
          <p>This page is past the end of the list.</p>
          <Button onClick={() => update({ page: 1 })}>Go to page 1</Button>
        </Notice>
      ) : (
        <>
          <CustomerTable
            items={shown.items}
            sort={state.sort}
            onSort={(key) => update({ sort: toggleSort(state.sort, key) })}
            customerHref={(id) => customerSearch(search.params, id)}
            pace={pace}
            busy={updating}
          />
          <Pagination page={state.page} total={shown.total} onPage={(page) => update({ page })} />
        </>
      )}
    </>
  );
}
