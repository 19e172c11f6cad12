import { appBadgeForAccount } from '@promo/domain/notifications/app-badge.rules';
import type { Account, Promotion } from '@promo/domain/types';

/** Sets the badge to the account's rewards waiting to be chosen; a chunk of its own, loaded only for those who want the badge. */
export function showAppBadge(account: Account, promotions: readonly Promotion[], now: number): Promise<void> {
  const count = appBadgeForAccount(account, promotions, now);
  return count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
}
