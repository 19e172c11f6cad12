import { accountMutations } from '@promo/domain/account/account.queries';
import { errorMessage } from '@promo/domain/http/http-client';
import type { PromotionId } from '@promo/domain/types';
import { useNotify } from '@promo/ui/notifications';
import { offlineAction } from '@promo/ui/server-action';
import { useMutation } from '@promo/domain/query';

const CHOICE_SAVED = 'Your reward choice has been saved.';
const CHOICE_FAILED = 'Your reward choice could not be saved. Please try again.';

/** Saves the promotion's reward choice; the updated account replaces the cached one (accountMutations.saveChoice). */
export function useSaveChoices(promotionId: PromotionId) {
  const notify = useNotify();
  // Offline, or cut off on the way: the panel says so and keeps the pick (OfflineActionNotice).
  return useMutation(
    offlineAction(accountMutations.saveChoice(promotionId), {
      onSuccess: () => notify('success', CHOICE_SAVED),
      onFailure: (error) => notify('error', errorMessage(error, CHOICE_FAILED)),
    }),
  );
}
