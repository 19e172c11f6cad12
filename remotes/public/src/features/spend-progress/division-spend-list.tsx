import { formatCurrency } from '@promo/domain/format';
import type { ProgressDetails } from '@promo/domain/types';
import { spendByDivision } from '@promo/domain/spend-progress-rules';
import styles from './spend-progress.module.css';

/** The tracking view's partner tiles as a list: Total Spend, then each division with spend. */
export function DivisionSpendList({ progress }: { progress: ProgressDetails }) {
  const divisions = spendByDivision(progress);
  return (
    <section className={styles.card} aria-labelledby="division-spend-heading">
      <h2 id="division-spend-heading" className={styles.heading}>
        Spend by division
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Division</th>
            <th scope="col">Spend</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Total Spend</th>
            <td>{formatCurrency(progress.totalSpend)}</td>
          </tr>
          {divisions.map((division) => (
            <tr key={division.division}>
              <th scope="row">{division.name}</th>
              <td>{formatCurrency(division.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
