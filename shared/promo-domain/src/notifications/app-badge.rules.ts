import type { Account, Promotion } from '../types';
import { targetsAwaitingChoice } from './customer-notification.rules';

/**
 * The installed app's badge (docs/product-rules.md, "Notifications"): the unlocked targets still
 * waiting for a reward choice, counted from the account and promotions the customer's screens
 * already hold, by the same rule the server counts `app_badge` with, so the icon shows one number
 * whichever set it last.
 */
export function appBadgeForAccount(
  account: Pick<
    Account,
    'id' | 'enrolledPromotions' | 'progressDetails' | 'targetDetails' | 'promotionUserChoices'
  >,
  promotions: readonly Promotion[],
  now: number,
): number {
  const enrolled = new Set(account.enrolledPromotions.map((entry) => entry.promotionID));
  let count = 0;
  for (const promotion of promotions) {
    if (promotion.error) continue;
    count += targetsAwaitingChoice(
      {
        accountId: account.id,
        promotion,
        enrolled: enrolled.has(promotion.id),
        totalSpend: account.progressDetails[promotion.id]?.totalSpend ?? 0,
        targets: account.targetDetails[promotion.id] ?? [],
        selectedReward: account.promotionUserChoices[promotion.id]?.selectedReward ?? null,
      },
      now,
    ).length;
  }
  return count;
}
