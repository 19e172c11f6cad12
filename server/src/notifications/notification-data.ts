import type {
  CustomerPromotionState,
  NotifiedPromotion,
} from '@promo/domain/notifications/customer-notification.rules';
import type { RepCustomerState } from '@promo/domain/notifications/rep-notification.rules';
import type { Promotion } from '@promo/domain/types';
import { readColumn } from '../accounts/progress-columns';
import type { Db } from '../db/open-database';
import { PromotionStore } from '../promotions/promotion-store';

/**
 * What the notification rules read: one customer account's figures per running promotion, and the
 * customers of a rep's regions. A rep's branch selection is kept only in their browser
 * (@promo/domain/rep/saved-selection.rules), so the server counts a rep's customers by the regions
 * the rep is allowed (users.allowed_regions).
 */

interface ProgressRow {
  account_id: string;
  account_name: string;
  promotion_id: string;
  enrolled: number;
  joined_at: number | null;
  selected_reward: string | null;
  total_spend: number;
  targets: string;
  past_progress: string;
}

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
  readonly #db: Db;
  readonly #promotions: PromotionStore;

  constructor(db: Db) {
    this.#db = db;
    this.#promotions = new PromotionStore(db);
  }

  /** Promotions running at `now` (started, not ended, not done). */
  runningPromotions(now: number): NotifiedPromotion[] {
    return this.#promotions
      .inWindow({ endFrom: now, startTo: now }, now)
      .filter((promotion) => promotion.status !== 'done' && !promotion.error)
      .map(notified);
  }

  #rows(where: string, params: unknown[], promotionIds: string[]): ProgressRow[] {
    return this.#db
      .prepare(
        `SELECT ap.account_id, a.name AS account_name, ap.promotion_id, ap.enrolled, ap.joined_at, ap.selected_reward,
           ap.total_spend, ap.targets, ap.past_progress
         FROM account_promotions ap JOIN accounts a ON a.id = ap.account_id
         WHERE ap.promotion_id IN (SELECT value FROM json_each(?)) AND ${where}
         ORDER BY ap.promotion_id, a.name_lower`,
      )
      .all(JSON.stringify(promotionIds), ...params) as ProgressRow[];
  }

  /** The rows of the running promotions that match `where`, with what every reader takes from them. */
  #standings(where: string, params: unknown[], running: readonly NotifiedPromotion[]) {
    const byId = new Map(running.map((promotion) => [promotion.id, promotion]));
    return this.#rows(where, params, [...byId.keys()]).map((row) => ({
      row,
      standing: {
        accountId: row.account_id,
        promotion: byId.get(row.promotion_id) as NotifiedPromotion,
        enrolled: row.enrolled === 1,
        totalSpend: row.total_spend,
        targets: readColumn('account_promotions.targets', row.targets),
      },
    }));
  }

  /** One account's standing in each running promotion. */
  customerStates(accountId: string, running: readonly NotifiedPromotion[]): CustomerPromotionState[] {
    return this.#standings('ap.account_id = ?', [accountId], running).map(({ row, standing }) => ({
      ...standing,
      selectedReward: row.selected_reward,
    }));
  }

  /** The customers of these regions in each running promotion. */
  regionCustomers(regions: readonly string[], running: readonly NotifiedPromotion[]): RepCustomerState[] {
    return this.#standings(
      'ap.primary_region IN (SELECT value FROM json_each(?))',
      [JSON.stringify(regions)],
      running,
    ).map(({ row, standing }) => ({
      ...standing,
      accountName: row.account_name,
      joinedAt: row.joined_at,
      pastProgress: readColumn('account_promotions.past_progress', row.past_progress),
    }));
  }
}
