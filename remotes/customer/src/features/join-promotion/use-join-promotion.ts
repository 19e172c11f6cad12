import { accountMutations } from '@promo/domain/account/account.queries';
import { errorMessage } from '@promo/domain/http/http-client';
import { useNotify } from '@promo/ui/notifications';
import { offlineAction } from '@promo/ui/server-action';
import { useMutation } from '@promo/domain/query';

const JOIN_SUCCESS = 'Joined promotion successfully.';
/**
 * An earlier version showed 'Reset password failed. Please try again.' when joining failed: a
 * copy-and-paste slip from the password reset (docs/product-rules.md, 'Joining a promotion'); this is what the
 * customer should read instead.
 */
const JOIN_FAILURE = 'Joining promotion failed. Please try again.';

/** Joins; the joined account replaces the cached one (accountMutations.join). */
export function useJoinPromotion(onJoined: () => void) {
  const notify = useNotify();
  // Offline, or cut off on the way: the panel says so and keeps the choices (OfflineActionNotice).
  return useMutation(
    offlineAction(accountMutations.join(), {
      onSuccess: () => {
        notify('success', JOIN_SUCCESS);
        onJoined();
      },
      onFailure: (error) => notify('error', errorMessage(error, JOIN_FAILURE)),
    }),
  );
}
