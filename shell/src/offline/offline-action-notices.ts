import { NetworkError } from '@promo/domain/http';
import { notify } from '@promo/ui/notifications';
import type { QueryClient } from '@tanstack/react-query';

export const OFFLINE_ACTION_MESSAGE =
  'You are offline, so this was not sent. It needs the server: please try again when you are back online.';
export const UNREACHABLE_ACTION_MESSAGE =
  'The server could not be reached, so this was not sent. Please check your connection and try again.';

/**
 * Actions that need the server say so plainly (issue 6): any mutation that fails for want of a
 * network, on any page of any remote, gets a toast that says why. Mutations run with networkMode
 * 'always' (query-client.ts), so offline they fail at once instead of waiting silently.
 * Returns the unsubscribe function.
 */
export function notifyFailedOfflineActions(queryClient: QueryClient): () => void {
  return queryClient.getMutationCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'error') return;
    if (!(event.action.error instanceof NetworkError)) return;
    notify('error', navigator.onLine ? UNREACHABLE_ACTION_MESSAGE : OFFLINE_ACTION_MESSAGE);
  });
}
