import { paths } from '@promo/domain/paths';
import { NotificationSettings } from '@promo/ui/notification-settings';
import { usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { Link, Navigate } from '@promo/ui/router';
import { useCurrentAccount } from '../../features/current-account/use-current-account';
import { LinkedAccountsTable } from '../../features/linked-accounts/linked-accounts-table';
import styles from './my-account-page.module.css';

/**
 * docs/product-rules.md, 'Customer My Account': linked accounts with a link to the contact form for
 * corrections, then the customer's notifications ('Notifications').
 */
export default function MyAccountPage() {
  usePageFrame('My Account', { showBack: true });
  const { accountId, account } = useCurrentAccount();

  if (accountId === undefined) return <Navigate to={paths.logout()} replace />;
  const gate = queryGate({ account }, { failedTitle: 'Your account could not be loaded' });
  if (!gate.ready) return gate.element;
  const current = gate.data.account;
  if (!current) return <Navigate to={paths.logout()} replace />;

  return (
    <div className={styles.page}>
      <h2>{current.name}</h2>
      <p className={styles.id}>Global ID {current.id}</p>
      <h3>Linked accounts</h3>
      {current.divisionDetails.length > 0 ? (
        <LinkedAccountsTable accounts={current.divisionDetails} />
      ) : (
        <p>No trading accounts are linked to your Ezy Rewards account yet.</p>
      )}
      <p className={styles.contact}>
        Something not right? <Link to={paths.contactUs()}>Contact us</Link> and we will correct your linked
        accounts.
      </p>
      <NotificationSettings role="customer" />
    </div>
  );
}
