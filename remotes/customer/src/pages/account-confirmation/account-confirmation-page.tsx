import { paths } from '@promo/domain/paths';
import { Notice } from '@promo/ui/notice';
import { usePageFrame } from '@promo/ui/page-frame';
import { queryGate } from '@promo/ui/query-error';
import { Navigate } from '@promo/ui/router';
import { useCurrentAccount } from '../../features/current-account/use-current-account';
import { AssociationForm } from '../../features/linked-accounts/association-form';
import { useConfirmAssociations } from '../../features/linked-accounts/use-confirm-associations';
import styles from './account-confirmation-page.module.css';

const UNDER_REVIEW_TITLE = 'Thank you, we are reviewing your changes';
export const UNDER_REVIEW_TEXT =
  'The Ezy Rewards team is reviewing the changes you requested to your linked accounts and will contact you shortly. You can close this screen.';

/** docs/product-rules.md, 'Account confirmation': the form, or the review message when challenged. */
export default function AccountConfirmationPage() {
  usePageFrame('Account Confirmation');
  const { accountId, account } = useCurrentAccount();
  const confirm = useConfirmAssociations(accountId ?? '');

  if (accountId === undefined) return <Navigate to={paths.logout()} replace />;
  // A failed refresh (the submit's re-fetch cut off, say) keeps the form and the answers in it.
  const gate = queryGate({ account }, { failedTitle: 'Your account could not be loaded', keepShown: true });
  if (!gate.ready) return gate.element;
  const current = gate.data.account;
  if (!current) return <Navigate to={paths.logout()} replace />;

  const status = current.associationsConfirmationStatus;
  if (status === 'confirmed') return <Navigate to={paths.home()} replace />;
  if (status === 'challenged') {
    return (
      <Notice title={UNDER_REVIEW_TITLE}>
        <p>{UNDER_REVIEW_TEXT}</p>
      </Notice>
    );
  }

  return (
    <div className={styles.page}>
      <h2>Confirm your linked accounts</h2>
      <p>
        Before you start, please check the trading accounts linked to {current.name}. Answer Yes for each
        account that is yours, and tell us if you have other accounts with us.
      </p>
      <AssociationForm
        account={current}
        submitting={confirm.isPending}
        submitError={confirm.error}
        onSubmit={(answers) => confirm.mutate(answers)}
      />
    </div>
  );
}
