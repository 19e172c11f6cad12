import { paths } from '@promo/domain/paths';
import { promotionQueries } from '@promo/domain/promotion';
import { repQueries } from '@promo/domain/rep';
import { hasBranchSelection } from '@promo/domain/rep-branch-selection';
import {
  customerSearchRequest,
  pageSummary,
  parseCustomerListParams,
  toggleSort,
  withCustomerListParams,
  type CustomerListState,
} from '@promo/domain/rep-customer-list';
import { promotionPace } from '@promo/domain/rep-progress';
import { Button, buttonClassName } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { Spinner } from '@promo/ui/spinner';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Link, Navigate, useSearchParams } from '@promo/ui/router';
import { ExportCsvButton } from '../../features/customer-export/export-csv-button';
import { CustomerSearchBox } from '../../features/customer-table/customer-search-box';
import { CustomerTable } from '../../features/customer-table/customer-table';
import { Pagination } from '../../features/customer-table/pagination';
import { ProgressLegend } from '../../features/customer-table/progress-legend';
import { RegisteredFilter } from '../../features/customer-table/registered-filter';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { useRepSelection } from '../../features/saved-selection/use-rep-selection';
import styles from './promotion-page.module.css';
import { customerSearch } from './promotion-links';

/**
 * The rep's customer table for one promotion (docs/product-rules.md, 'Customer table'): search (debounced), registered filter,
 * sort, pages of 10, and the needs-attention worklist with its CSV export.
 */
export function CustomerListView({ promotionId }: { promotionId: string }) {
  const { userId, allowedRegions } = useRepUser();
  const { branches, selection, filtersFor, setFilters } = useRepSelection(userId, allowedRegions);
  const promotion = useQuery(promotionQueries.detail(promotionId));
  const [params, setParams] = useSearchParams();
  const [now] = useState(() => Date.now());
  usePageFrame(promotion.data?.name ?? 'Customers', { showBack: true });

  const state = parseCustomerListParams(params);
  const filters = filtersFor(promotionId);
  const selected = hasBranchSelection(selection);
  const request = customerSearchRequest({
    promotionId,
    branchIds: selection.selectedBranchIds,
    filters,
    searchText: state.searchText,
    sort: state.sort,
    page: state.page,
  });
  // The export asks for the same list without paging: all of it.
  const exportRequest = customerSearchRequest({
    promotionId,
    branchIds: selection.selectedBranchIds,
    filters,
    searchText: state.searchText,
    sort: state.sort,
  });
  const customers = useQuery({
    ...repQueries.customers(request ?? {}),
    enabled: request !== null && selected,
  });
  const pace = useMemo(
    () =>
      promotion.data
        ? promotionPace(now, promotion.data.startTimestamp, promotion.data.endTimestamp)
        : { elapsedTradingDays: 0, tradingDays: 0 },
    [promotion.data, now],
  );

  if (branches.isPending || promotion.isPending) return <Spinner />;
  if (branches.isError || promotion.isError) {
    return (
      <Notice tone="error" title="This promotion could not be loaded">
        <p>Check your connection and try again.</p>
        <Button onClick={() => void Promise.all([branches.refetch(), promotion.refetch()])}>Try again</Button>
      </Notice>
    );
  }
  if (!promotion.data) {
    return (
      <Notice title="Promotion not found">
        <p>This promotion does not exist or is no longer available.</p>
        <Link className={buttonClassName()} to={paths.repHome()}>
          Go to Dashboard
        </Link>
      </Notice>
    );
  }
  if (!selected) return <Navigate to={paths.repSelectBranches()} replace />;

  const update = (next: Partial<CustomerListState>) =>
    setParams(withCustomerListParams(params, { ...state, page: 1, ...next }), { replace: true });
  const slug = promotion.data.id.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const fileName = `customers-${slug}-${new Date(now).toISOString().slice(0, 10)}.csv`;

  return (
    <div className={styles.page}>
      <CustomerSearchBox value={state.searchText} onSearch={(searchText) => update({ searchText })} />
      <RegisteredFilter
        filters={filters}
        onChange={(next) => {
          setFilters(promotionId, next);
          update({});
        }}
      />
      {request === null ? (
        <Notice title="No customers to show">
          <p>Choose Show All, Registered or Non Registered to see customers.</p>
        </Notice>
      ) : customers.isPending ? (
        <Spinner label="Loading customers…" />
      ) : customers.isError ? (
        <Notice tone="error" title="Customers could not be loaded">
          <p>Check your connection and try again.</p>
          <Button onClick={() => void customers.refetch()}>Try again</Button>
        </Notice>
      ) : (
        <>
          <div className={styles.toolbar}>
            <p className={styles.summary} role="status">
              {pageSummary(state.page, customers.data.total)}
              {customers.isPlaceholderData ? <span className={styles.updating}> Updating…</span> : null}
            </p>
            <ExportCsvButton request={exportRequest} pace={pace} fileName={fileName} />
          </div>
          {customers.data.total === 0 ? (
            <Notice title="No customers found">
              <p>
                {state.searchText.trim() !== ''
                  ? `No customers match “${state.searchText.trim()}”. Check the spelling or search by another ID.`
                  : 'No customers at your selected branches match this filter.'}
              </p>
            </Notice>
          ) : customers.data.items.length === 0 ? (
            <Notice title="No customers on this page">
              <p>This page is past the end of the list.</p>
              <Button onClick={() => update({ page: 1 })}>Go to page 1</Button>
            </Notice>
          ) : (
            <>
              <ProgressLegend />
              <CustomerTable
                items={customers.data.items}
                sort={state.sort}
                onSort={(key) => update({ sort: toggleSort(state.sort, key) })}
                customerHref={(id) => customerSearch(params, id)}
                pace={pace}
                busy={customers.isPlaceholderData}
              />
              <Pagination
                page={state.page}
                total={customers.data.total}
                onPage={(page) => update({ page })}
              />
            </>
          )}
        </>
      )}
    </div>
  );
}
