import { formatCurrency } from '@promo/domain/format/format';
import type { ProgressDetails } from '@promo/domain/types';
import { spendByDivision } from '@promo/domain/promotion/division-spend.rules';
import styles from './spend-progress.module.css';

/** Total Spend, then the spend by division (spendByDivision: the divisions the message has figures for). */
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
