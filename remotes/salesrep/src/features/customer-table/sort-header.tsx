import type { SortDirection } from '@promo/domain/types';
import styles from './customer-table.module.css';

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
