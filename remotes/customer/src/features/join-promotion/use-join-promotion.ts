import { accountQueries, optIntoPromotion } from '@promo/domain/account/account.queries';
import { errorMessage } from '@promo/domain/http/http-client';
import type { AccountId, PromotionId } from '@promo/domain/types';
import { useNotify } from '@promo/ui/notifications';
import { offlineAction } from '@promo/ui/server-action';
import { useMutation, useQueryClient } from '@tanstack/react-query';

const JOIN_SUCCESS = 'Joined promotion successfully.';
/**
 * An earlier version showed 'Reset password failed. Please try again.' when joining failed: a
 * copy-and-paste slip from the password reset (docs/product-rules.md, 'Joining a promotion'); this is what the
 * customer should read instead.
 */
const JOIN_FAILURE = 'Joining promotion failed. Please try again.';

export function useJoinPromotion(accountId: AccountId, onJoined: () => void) {
  const queryClient = useQueryClient();
  const notify = useNotify();
  return useMutation({
    // Offline, or cut off on the way: the panel says so and keeps the choices (OfflineActionNotice).
    ...offlineAction({
      send: (body: { promotionID: PromotionId; joinMailingList: boolean; selectedReward?: string }) =>
        optIntoPromotion(body),
      onFailure: (error) => notify('error', errorMessage(error, JOIN_FAILURE)),
    }),
    onSuccess: async (account) => {
      queryClient.setQueryData(accountQueries.detail(accountId).queryKey, account);
      notify('success', JOIN_SUCCESS);
      onJoined();
      await queryClient.invalidateQueries({ queryKey: accountQueries.all() });
    },
  });
}
