import { formatCurrency, formatPerTradingDay } from '@promo/domain/format/format';
import type { PromotionPace } from '@promo/domain/rep/rep-progress.rules';
import type { CustomerSort, CustomerSortKey } from '@promo/domain/rep/customer-list.rules';
import type { AccountSearchItem, SortDirection } from '@promo/domain/types';
import { Link, useNavigate } from '@promo/ui/router';
import { memo } from 'react';
import styles from './customer-table.module.css';
import { RepProgressBar } from './rep-progress-bar';

const COLUMNS: { key: CustomerSortKey; label: string }[] = [
  { key: 'percentage', label: 'Percentage' },
  { key: 'totalSpend', label: 'Total Spend' },
  { key: 'needsAttention', label: 'Needs attention' },
];

/**
 * docs/product-rules.md, 'Customer table': the customers with their progress; a column header sorts by it and
 * toggles the direction; a row opens that customer. 'Needs attention' ranks by the spend
 * still needed per remaining trading day to reach the next target.
 */
export function CustomerTable({
  items,
  sort,
  onSort,
  customerHref,
  pace,
  busy,
}: {
  items: AccountSearchItem[];
  sort: CustomerSort;
  onSort: (key: CustomerSortKey) => void;
  customerHref: (id: string) => string;
  pace: PromotionPace;
  busy: boolean;
}) {
  const navigate = useNavigate();
  return (
    <div className={styles.scroller} role="region" aria-label="Customers" tabIndex={0}>
      <table className={styles.table} aria-busy={busy}>
        <thead>
          <tr>
            <th scope="col" className={styles.customerColumn}>
              Customer
            </th>
            {COLUMNS.map(({ key, label }) => (
              <SortHeader key={key} sortKey={key} label={label} sort={sort} onSort={onSort} />
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <CustomerRow
              key={item.id}
              item={item}
              href={customerHref(item.id)}
              pace={pace}
              navigate={navigate}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * A row, drawn again only when its customer, link or the promotion's pace changes: a new sort,
 * page or band re-renders the table while the rows it already shows stay as they are until the
 * answer comes (docs/decisions/039-interaction-latency.md).
 */
const CustomerRow = memo(function CustomerRow({
  item,
  href,
  pace,
  navigate,
}: {
  item: AccountSearchItem;
  href: string;
  pace: PromotionPace;
  navigate: ReturnType<typeof useNavigate>;
}) {
  return (
    <tr className={styles.row} onClick={() => void navigate(href)}>
      <th scope="row" className={styles.customerColumn}>
        <Link to={href} className={styles.rowLink} onClick={(event) => event.stopPropagation()}>
          {item.name}
        </Link>
        <span className={styles.ids}>
          {item.id}
          {item.enrolled ? null : <span className={styles.badge}>Not registered</span>}
        </span>
      </th>
      <td>
        <RepProgressBar
          totalSpend={item.totalSpend}
          firstTarget={item.firstTarget}
          targets={item.targets}
          pace={pace}
        />
      </td>
      <td className={styles.number}>{formatCurrency(item.totalSpend)}</td>
      <td>
        <NeedsAttention item={item} />
      </td>
    </tr>
  );
});

function NeedsAttention({ item }: { item: AccountSearchItem }) {
  const next = item.nextTarget;
  if (!next) return <span className={styles.muted}>All targets reached</span>;
  return (
    <>
      {next.perTradingDayNeeded === null ? (
        <span className={styles.number}>{formatCurrency(next.remaining, { decimals: 0 })}</span>
      ) : (
        <span className={styles.number}>
          {formatPerTradingDay(next.perTradingDayNeeded)}
          <span className={styles.unit}> /day</span>
        </span>
      )}
      <span className={styles.ids}>
        {next.perTradingDayNeeded === null ? 'short of' : 'to'} Target {next.targetNumber}
      </span>
    </>
  );
}

/**
 * A sortable column's header, for the rep's tables: a button that sorts by the column (or turns the
 * direction of the sorted one), with aria-sort on the sorted column and an arrow for sighted users.
 */
export function SortHeader<Key extends string>({
  sortKey,
  label,
  sort,
  onSort,
  className,
}: {
  sortKey: Key;
  label: string;
  sort: { key: Key; direction: SortDirection };
  onSort: (key: Key) => void;
  className?: string;
}) {
  const active = sort.key === sortKey;
  return (
    <th
      scope="col"
      className={className}
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined}
    >
      <button type="button" className={styles.sortButton} onClick={() => onSort(sortKey)}>
        {label}
        <span className={styles.sortIcon} aria-hidden="true">
          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
        </span>
      </button>
    </th>
  );
}
