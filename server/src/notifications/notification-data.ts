import type {
  CustomerPromotionState,
  NotifiedPromotion,
} from '@promo/domain/notifications/customer-notification.rules';
import type { RepCustomerState } from '@promo/domain/notifications/rep-notification.rules';
import type { Promotion } from '@promo/domain/types';
import { AccountStore } from '../accounts/account-store';
import type { Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';

/**
 * What the notification rules read: one customer account's figures per running promotion, and the
 * customers of a rep's regions. A rep's branch selection is kept only in their browser
 * (@promo/domain/rep/saved-selection.rules), so the server counts a rep's customers by the regions
 * the rep is allowed (users.allowed_regions).
 */

const notified = (promotion: Promotion): NotifiedPromotion => ({
  id: promotion.id,
  name: promotion.name,
  startTimestamp: promotion.startTimestamp,
  endTimestamp: promotion.endTimestamp,
  status: promotion.status,
  choicesLockTime: promotion.choicesLockTime,
  disablePrizes: promotion.disablePrizes,
});

export class NotificationData {
  readonly #accounts: AccountStore;
  readonly #promotions: PromotionStore;

  constructor(db: Db) {
    this.#accounts = new AccountStore(db);
    this.#promotions = new PromotionStore(db);
  }

  /** Promotions running at `now` (started, not ended, not done). */
  runningPromotions(now: number): NotifiedPromotion[] {
    return this.#promotions
      .inWindow({ endFrom: now, startTo: now }, now)
      .filter((promotion) => promotion.status !== 'done' && !promotion.error)
      .map(notified);
  }

  /** The rows of the running promotions, with what every reader takes from them. */
  #standings(of: Parameters<AccountStore['standings']>[1], running: readonly NotifiedPromotion[]) {
    const byId = new Map(running.map((promotion) => [promotion.id, promotion]));
    return this.#accounts.standings([...byId.keys()], of).map((row) => ({
      row,
      standing: {
        accountId: row.accountId,
        promotion: byId.get(row.promotionId) as NotifiedPromotion,
        enrolled: row.enrolled,
        totalSpend: row.totalSpend,
        targets: row.targets,
      },
    }));
  }

  /** One account's standing in each running promotion. */
  customerStates(accountId: string, running: readonly NotifiedPromotion[]): CustomerPromotionState[] {
    return this.#standings({ accountId }, running).map(({ row, standing }) => ({
      ...standing,
      selectedReward: row.selectedReward,
    }));
  }

  /** The customers of these regions in each running promotion. */
  regionCustomers(regions: readonly string[], running: readonly NotifiedPromotion[]): RepCustomerState[] {
    return this.#standings({ regions }, running).map(({ row, standing }) => ({
      ...standing,
      accountName: row.accountName,
      joinedAt: row.joinedAt,
      pastProgress: row.pastProgress,
    }));
  }
}
