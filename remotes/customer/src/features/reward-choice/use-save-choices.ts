import { accountQueries, updateChoices } from '@promo/domain/account/account.queries';
import { errorMessage } from '@promo/domain/http/http-client';
import type { AccountId, PromotionId } from '@promo/domain/types';
import { useNotify } from '@promo/ui/notifications';
import { offlineAction } from '@promo/ui/server-action';
import { useMutation, useQueryClient } from '@tanstack/react-query';

const CHOICE_SAVED = 'Your reward choice has been saved.';
const CHOICE_FAILED = 'Your reward choice could not be saved. Please try again.';

/** POST /account/promotion/update/choices; the answer is the updated account. */
export function useSaveChoices(accountId: AccountId, promotionId: PromotionId) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    // Offline, or cut off on the way: the panel says so and keeps the pick (OfflineActionNotice).
    ...offlineAction({
      send: (selectedReward: string) =>
        updateChoices({ promotionID: promotionId, userChoices: { selectedReward } }),
      onFailure: (error) => notify('error', errorMessage(error, CHOICE_FAILED)),
    }),
    onSuccess: async (account) => {
      queryClient.setQueryData(accountQueries.detail(accountId).queryKey, account);
      notify('success', CHOICE_SAVED);
      await queryClient.invalidateQueries({ queryKey: accountQueries.all() });
    },
  });
}
