import { NotificationSettings } from '@promo/ui/notification-settings';
import { usePageFrame } from '@promo/ui/page-frame';
import { useId } from 'react';
import { useRepUser } from '../../features/rep-user/use-rep-user';
import styles from './my-account-page.module.css';

/**
 * docs/product-rules.md, 'Rep My Account': the signed-in email (with the rep's name and regions), then
 * the rep's notifications ('Notifications').
 */
export default function MyAccountPage() {
  usePageFrame('My Account');
  const { user, allowedRegions } = useRepUser();
  const headingId = useId();
  return (
    <>
      <section className={styles.card} aria-labelledby={headingId}>
        <h2 id={headingId} className={styles.heading}>
          Signed in as
        </h2>
        <dl className={styles.details}>
          {user && (user.firstname || user.surname) ? (
            <div>
              <dt>Name</dt>
              <dd>{`${user.firstname} ${user.surname}`.trim()}</dd>
            </div>
          ) : null}
          <div>
            <dt>Email</dt>
            <dd>{user?.email ?? 'Not available'}</dd>
          </div>
          <div>
            <dt>Regions</dt>
            <dd>{allowedRegions.length > 0 ? allowedRegions.join(', ') : 'None assigned'}</dd>
          </div>
        </dl>
      </section>
      <NotificationSettings role="rep" headingLevel="h2" />
    </>
  );
}
