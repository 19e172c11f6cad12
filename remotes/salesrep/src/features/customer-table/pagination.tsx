import { pageCount } from '@promo/domain/rep-customer-list';
import styles from './customer-table.module.css';

/** Pages of 10: previous and next, and where the rep is. */
export function Pagination({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  return (
    <nav className={styles.pagination} aria-label="Pages">
      <button
        type="button"
        className={styles.pageButton}
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        Previous
      </button>
      <span aria-current="page">
        Page {page} of {pages}
      </span>
      <button
        type="button"
        className={styles.pageButton}
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
