import { notify } from '@promo/ui/notifications';
import {
  isConnectionFailure,
  OFFLINE_ACTION_MESSAGE,
  showsOfflineNoticeOnScreen,
} from '@promo/ui/server-action';
import type { QueryClient } from '@promo/domain/query';

/**
 * Actions that need the server say so plainly, in the same words everywhere (docs/product-rules.md,
 * "Actions while offline"). A screen that shows the message beside its button (offlineAction and
 * OfflineActionNotice from @promo/ui/server-action) marks its mutation so; any other mutation that
 * fails for want of a network gets the message as a toast. Mutations run with networkMode 'always'
 * (createQueryClient in query-runtime.ts), so offline they fail at once instead of waiting silently.
 * Returns the unsubscribe function.
 */
export function notifyFailedOfflineActions(queryClient: QueryClient): () => void {
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (!isConnectionFailure(event.action.error)) return;
    if (showsOfflineNoticeOnScreen(event.mutation.options.meta)) return;
    notify('error', OFFLINE_ACTION_MESSAGE);
  });
}
