import { notify } from './notifications.atoms';

/** Shows a toast; it clears itself after `duration` ms (default 5000). The function never changes. */
export function useNotify(): typeof notify {
  return notify;
}
