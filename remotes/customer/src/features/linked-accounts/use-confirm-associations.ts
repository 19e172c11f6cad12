import { accountQueries, confirmAssociations } from '@promo/domain/account/account.queries';
import { errorMessage } from '@promo/domain/http/http-client';
import { paths } from '@promo/domain/paths';
import type { AccountId } from '@promo/domain/types';
import { useNotify } from '@promo/ui/notifications';
import { offlineAction } from '@promo/ui/server-action';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@promo/ui/router';
import type { AssociationAnswers } from './association-form';

const CONFIRMATION_SUCCESS = 'Account confirmation submitted successfully.';
const CONFIRMATION_FAILURE = 'Account confirmation submission failed.';

/**
 * docs/product-rules.md, 'Account confirmation': re-fetch the account first; already confirmed → '/';
 * under review → the page shows the review message; otherwise submit, then the message and '/'.
 */
export function useConfirmAssociations(accountId: AccountId) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notify = useNotify();
  const detail = accountQueries.detail(accountId);

  return useMutation({
    // Refused while offline before the re-fetch (a query would wait for the network), and on a
    // connection lost on the way the page says so and keeps the answers (OfflineActionNotice).
    ...offlineAction({
      send: async (answers: AssociationAnswers) => {
        const fresh = await queryClient.fetchQuery({ ...detail, staleTime: 0 });
        const status = fresh?.associationsConfirmationStatus;
        if (fresh && (status === 'confirmed' || status === 'challenged')) {
          return { account: fresh, submitted: false };
        }
        return { account: await confirmAssociations(answers), submitted: true };
      },
      onFailure: (error) => notify('error', errorMessage(error, CONFIRMATION_FAILURE)),
    }),
    onSuccess: async ({ account, submitted }) => {
      queryClient.setQueryData(detail.queryKey, account);
      if (submitted) notify('success', CONFIRMATION_SUCCESS);
      if (account.associationsConfirmationStatus === 'confirmed' || submitted) {
        await navigate(paths.home(), { replace: true });
      }
      await queryClient.invalidateQueries({ queryKey: accountQueries.all() });
    },
  });
}
