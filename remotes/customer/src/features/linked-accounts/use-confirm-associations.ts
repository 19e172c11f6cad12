import { accountMutations } from '@promo/domain/account/account.queries';
import { errorMessage } from '@promo/domain/http/http-client';
import { paths } from '@promo/domain/paths';
import type { AccountId } from '@promo/domain/types';
import { useNotify } from '@promo/ui/notifications';
import { offlineAction } from '@promo/ui/server-action';
import { useMutation } from '@promo/domain/query';
import { useNavigate } from '@promo/ui/router';

const CONFIRMATION_SUCCESS = 'Account confirmation submitted successfully.';
const CONFIRMATION_FAILURE = 'Account confirmation submission failed.';

/**
 * docs/product-rules.md, 'Account confirmation' (accountMutations.confirmAssociations): already
 * confirmed → '/'; under review → the page shows the review message; otherwise submit, then the
 * message and '/'.
 */
export function useConfirmAssociations(accountId: AccountId) {
  const navigate = useNavigate();
  const notify = useNotify();
  // Refused while offline before the re-fetch (a query would wait for the network), and on a
  // connection lost on the way the page says so and keeps the answers (OfflineActionNotice).
  return useMutation(
    offlineAction(accountMutations.confirmAssociations(accountId), {
      onSuccess: async ({ account, submitted }) => {
        if (submitted) notify('success', CONFIRMATION_SUCCESS);
        if (account.associationsConfirmationStatus === 'confirmed' || submitted) {
          await navigate(paths.home(), { replace: true });
        }
      },
      onFailure: (error) => notify('error', errorMessage(error, CONFIRMATION_FAILURE)),
    }),
  );
}
