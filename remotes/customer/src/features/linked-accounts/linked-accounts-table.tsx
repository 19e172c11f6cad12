import type { DivisionAccount } from '@promo/domain/types';
import { DivisionLogo } from './division-logo';
import styles from './linked-accounts.module.css';

/** docs/product-rules.md, 'Customer My Account': the linked accounts, supplier and account number. */
export function LinkedAccountsTable({ accounts }: { accounts: DivisionAccount[] }) {
  return (
    <table className={styles.table}>
      <caption>Your linked trading accounts</caption>
      <thead>
        <tr>
          <th scope="col">Supplier</th>
          <th scope="col">Account Number</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((division) => (
          <tr key={division.id}>
            <td>
              <DivisionLogo division={division.division} />
            </td>
            <td className={styles.accountNumber}>{division.id}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
