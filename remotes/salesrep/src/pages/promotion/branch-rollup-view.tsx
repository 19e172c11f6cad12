import { formatCount, formatCurrency, formatQuantity } from '@promo/domain/format/format';
import { paths } from '@promo/domain/paths';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { hasBranchSelection } from '@promo/domain/rep/branch-selection.rules';
import {
  branchCustomersParams,
  parseBranchRollupSort,
  percentOfTargets,
  sortBranchRollups,
  toggleBranchRollupSort,
  withBranchRollupSort,
  type BranchRollupSort,
  type BranchRollupSortKey,
} from '@promo/domain/rep/branch-rollup.rules';
import { portfolioSummaryRequest, withPaceBand } from '@promo/domain/rep/customer-list.rules';
import { repQueries } from '@promo/domain/rep/rep.queries';
import type { BranchRollup } from '@promo/domain/types';
import { Button, buttonClassName } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { titleFromData, usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { Link, useNavigate, useSearchParams } from '@promo/ui/router';
import { useQuery } from '@promo/domain/query';
import { Fragment, memo, useCallback, useMemo, useState } from 'react';
import { exportFailure } from '../../features/customer-export/use-customer-export';
import { SortHeader } from '../../features/customer-table/customer-table';
import { describeBands, PaceBandSplit } from '../../features/pace-bands/pace-band-bar';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import { useRepSelection } from '../../features/saved-selection/use-rep-selection';
import tableStyles from '../../features/customer-table/customer-table.module.css';
import pageStyles from './promotion-page.module.css';
import styles from './branch-rollup-view.module.css';
import { promotionGate } from './promotion-gate';

const COLUMNS: { key: BranchRollupSortKey; label: string; numeric: boolean }[] = [
  { key: 'branch', label: 'Branch', numeric: false },
  { key: 'customers', label: 'Customers', numeric: true },
  { key: 'joined', label: 'Joined', numeric: true },
  { key: 'totalSpend', label: 'Total Spend', numeric: true },
  { key: 'firstTargetTotal', label: 'Targets', numeric: true },
  { key: 'percentOfTargets', label: '% of targets', numeric: true },
];

/**
 * The branch roll-up of one promotion (docs/product-rules.md, 'Branch roll-up'): each of the rep's
 * selected branches with its customers with targets, how many joined, their spend against their
 * first targets and their pace bands. It asks for the same customers as the customer table (the
 * saved registered filter; band and search aside), so a branch's figures are what the table shows
 * once narrowed to that branch. A branch opens the table that way; the sort is in the address.
 */
export function BranchRollupView({ promotionId }: { promotionId: string }) {
  const { userId, allowedRegions } = useRepUser();
  const { branches, selection, filtersFor, setFilters } = useRepSelection(userId, allowedRegions);
  const promotion = useQuery(promotionQueries.detail(promotionId));
  const [params, setParams] = useSearchParams();
  usePageFrame(titleFromData(promotion.data?.name, promotion.isPending, 'Branches'), { showBack: true });

  // One sort object per address, so the sorted rows below are worked out again only when it changes.
  const sort = useMemo(() => parseBranchRollupSort(params), [params]);
  const filters = filtersFor(promotionId);
  const selected = hasBranchSelection(selection);
  const request = portfolioSummaryRequest({
    promotionId,
    branchIds: selection.selectedBranchIds,
    filters,
    summary: 'branches',
  });
  const summary = useQuery({
    ...repQueries.summary(request ?? {}),
    enabled: request !== null && selected,
  });
  const rows = useMemo(() => sortBranchRollups(summary.data?.branches ?? [], sort), [summary.data, sort]);
  // One function while the saved filters stay, so the rows (memo) are drawn again only when their
  // figures or their link change: a page re-render with fresh but equal data then costs no row.
  const clearBand = useCallback(() => {
    const current = filtersFor(promotionId);
    if (current.band) setFilters(promotionId, withPaceBand(current, undefined));
  }, [filtersFor, promotionId, setFilters]);

  const gate = promotionGate(branches, promotion, selected);
  if (!gate.ready) return gate.element;
  if (request === null) {
    return (
      <Notice title="No customers to show">
        <p>Choose Show All, Registered or Non Registered in the customer table to see its branches.</p>
      </Notice>
    );
  }
  // The promotion gate's own words while loading: a spinner is centred, so a longer label would
  // move it as it replaces the gate's (docs/decisions/038-rep-screens-load.md).
  const loaded = queryGate({ summary }, { failedTitle: 'The branches could not be loaded' });
  if (!loaded.ready) return loaded.element;

  const onSort = (key: BranchRollupSortKey) =>
    setParams(withBranchRollupSort(params, toggleBranchRollupSort(sort, key)), { replace: true });
  // The roll-up counts every band, so the table opens on every band too: its total is the branch's.
  const branchHref = (branchId: string) => `?${branchCustomersParams(params, branchId).toString()}`;
  const registered =
    filters.showRegistered && filters.showNonRegistered
      ? ''
      : filters.showRegistered
        ? ' (registered customers only)'
        : ' (non-registered customers only)';

  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.toolbar}>
        <p className={pageStyles.summary} role="status">
          {formatQuantity(rows.length, 'branch', 'branches')},{' '}
          {formatQuantity(loaded.data.summary.total, 'customer', 'customers')} with targets{registered}
          {summary.isPlaceholderData ? <span className={pageStyles.updating}> Updating…</span> : null}
        </p>
        <RollupExport rows={rows} promotionId={gate.promotion.id} />
      </div>
      {rows.length === 0 ? (
        <Notice title="No branches to show">
          <p>There are no figures for your selected branches. Check which branches you have chosen.</p>
          <Link className={buttonClassName()} to={paths.repSelectBranches()}>
            Select Branches
          </Link>
        </Notice>
      ) : (
        <BranchRollupTable
          rows={rows}
          sort={sort}
          onSort={onSort}
          branchHref={branchHref}
          onOpenBranch={clearBand}
          busy={summary.isPlaceholderData}
        />
      )}
    </div>
  );
}

/** The export of the roll-up as it is sorted on screen, and what it last wrote or why it could not. */
function RollupExport({ rows, promotionId }: { rows: BranchRollup[]; promotionId: string }) {
  const [outcome, setOutcome] = useState<{ exported: number } | { failed: string } | null>(null);
  const exportCsv = async () => {
    try {
      // The export's code is fetched when pressed (csv-export.ts).
      const { exportBranchRollup } = await import(
        /* webpackChunkName: "csv-export" */ '../../features/customer-export/csv-export'
      );
      exportBranchRollup(rows, promotionId);
      setOutcome({ exported: rows.length });
    } catch (error) {
      setOutcome({ failed: exportFailure(error) });
    }
  };
  return (
    <div className={styles.export}>
      <Button variant="secondary" onClick={() => void exportCsv()} disabled={rows.length === 0}>
        Export CSV
      </Button>
      <p className={styles.exportStatus} role="status">
        {outcome === null
          ? null
          : 'failed' in outcome
            ? outcome.failed
            : `Exported ${formatQuantity(outcome.exported, 'branch', 'branches')}.`}
      </p>
    </div>
  );
}

/** The branches, sortable by each figure; a branch opens the customer table narrowed to it. */
function BranchRollupTable({
  rows,
  sort,
  onSort,
  branchHref,
  onOpenBranch,
  busy,
}: {
  rows: BranchRollup[];
  sort: BranchRollupSort;
  onSort: (key: BranchRollupSortKey) => void;
  branchHref: (branchId: string) => string;
  onOpenBranch: () => void;
  busy: boolean;
}) {
  return (
    <>
      <div className={tableStyles.scroller} role="region" aria-label="Branches" tabIndex={0}>
        <table className={`${tableStyles.table} ${styles.table}`} aria-busy={busy}>
          <thead>
            <tr>
              {COLUMNS.map(({ key, label, numeric }) => (
                <SortHeader
                  key={key}
                  sortKey={key}
                  label={label}
                  sort={sort}
                  onSort={onSort}
                  className={numeric ? styles.numeric : styles.branchColumn}
                />
              ))}
              <th scope="col" className={styles.bandsColumn}>
                Bands
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((rollup) => (
              <BranchRow
                key={rollup.branchID}
                rollup={rollup}
                href={branchHref(rollup.branchID)}
                onOpen={onOpenBranch}
              />
            ))}
          </tbody>
        </table>
      </div>
      <p className={styles.note}>
        A customer who trades with more than one of these branches counts at each, so the branches can add up
        to more than the customers in all. Choose a branch to see its customers.
      </p>
    </>
  );
}

/**
 * A row opens the branch's customers, as its link does (the link is what keyboards and new tabs use).
 * Drawn again only when its figures, its link or `onOpen` change (memo): the roll-up's page renders
 * again as each of its queries answers, and its rows were most of each render's work.
 */
const BranchRow = memo(function BranchRow({
  rollup,
  href,
  onOpen,
}: {
  rollup: BranchRollup;
  href: string;
  onOpen: () => void;
}) {
  const navigate = useNavigate();
  const percent = percentOfTargets(rollup);
  const onRow = () => {
    onOpen();
    void navigate(href);
  };
  return (
    <tr className={tableStyles.row} onClick={onRow} data-branch-id={rollup.branchID}>
      <th scope="row" className={styles.branchColumn}>
        <Link
          to={href}
          className={tableStyles.rowLink}
          onClick={(event) => {
            event.stopPropagation();
            onOpen();
          }}
        >
          {rollup.branchName}
        </Link>
        <span className={styles.region}>{rollup.region}</span>
      </th>
      <td className={styles.numeric}>{formatCount(rollup.customers)}</td>
      <td className={styles.numeric}>{formatCount(rollup.joined)}</td>
      <td className={styles.numeric}>{formatCurrency(rollup.totalSpend, { decimals: 0 })}</td>
      <td className={styles.numeric}>{formatCurrency(rollup.firstTargetTotal, { decimals: 0 })}</td>
      <td className={styles.numeric}>
        {percent === null ? <span className={styles.muted}>No targets</span> : `${Math.floor(percent)}%`}
      </td>
      <td className={styles.bandsColumn}>
        <PaceBandSplit counts={rollup.bands} />
        <span className={styles.bands}>
          {describeBands(rollup.bands)
            .split(', ')
            .map((words, index) => (
              // Each band's name and count kept on one line; the lines break between bands.
              <Fragment key={words}>
                {index > 0 ? ', ' : null}
                <span className={styles.band}>{words}</span>
              </Fragment>
            ))}
        </span>
      </td>
    </tr>
  );
});
