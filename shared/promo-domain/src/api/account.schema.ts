import { z } from 'zod';
import { DIVISION_CODES } from './values';

/**
 * The account, as GET /account/get and the customer's changes answer with it. Money is in NZ
 * dollars excluding GST; timestamps are epoch milliseconds. Maps keyed by promotion id are records
 * of strings: the server sends only the promotions the account has figures for.
 */

export const divisionCodeSchema = z.enum(DIVISION_CODES);

export const targetSchema = z.object({
  /** 1-based. */
  targetNumber: z.number().int().min(1),
  /** Spend needed over the whole promotion, dollars ex GST. */
  amount: z.number(),
});

export const divisionAccountSchema = z.object({
  /** The division's own account number. */
  id: z.string(),
  name: z.string(),
  division: divisionCodeSchema,
  branchID: z.string(),
  salesRepID: z.string(),
  salesRepName: z.string(),
});

export const progressDetailsSchema = z.object({
  totalSpend: z.number(),
  /** Spend per division code. */
  byDivision: z.partialRecord(divisionCodeSchema, z.number()),
});

const byPromotion = <T extends z.ZodType>(value: T) => z.record(z.string(), value);

export const accountSchema = z.object({
  /** The trade customer's global id, e.g. "G100234". */
  id: z.string(),
  name: z.string(),
  primaryContactFirstName: z.string(),
  primaryContactLastName: z.string(),
  primaryContactPosition: z.string(),
  primaryRegion: z.string(),
  primarySalesRepID: z.string(),
  primaryContactPhone: z.string(),
  primaryContactEmail: z.string(),
  primaryAddress: z.string(),
  secondaryContactFirstName: z.string(),
  secondaryContactLastName: z.string(),
  secondaryContactPosition: z.string(),
  secondaryContactPhone: z.string(),
  secondaryContactEmail: z.string(),
  secondaryAddress: z.string(),
  divisionDetails: z.array(divisionAccountSchema),
  /**
   * 'confirmed', 'challenged' or 'unconfirmed'; other values may arrive and count as not confirmed:
   * anything but 'confirmed' sends the customer to account confirmation.
   */
  associationsConfirmationStatus: z.string(),
  enrolledPromotions: z.array(z.object({ promotionID: z.string(), joinedTimestamp: z.number().optional() })),
  /** Keyed 'promotion_view.{promotionId}', value epoch ms of the last view. */
  trackingTimestamps: z.record(z.string(), z.number()),
  progressDetails: byPromotion(progressDetailsSchema),
  targetDetails: byPromotion(z.array(targetSchema)),
  /** Per promotion: the daily spend each target needs, in target order. */
  dailySalesTargets: byPromotion(z.array(z.number())),
  /** Per promotion: average daily spend so far. */
  currentDailySales: byPromotion(z.number()),
  baselineSpend: byPromotion(z.number()),
  /**
   * Per promotion: fraction 0-1 of the target in focus, the first not reached (achievement,
   * @promo/domain/promotion/target-progress.rules).
   */
  percentageAchieved: byPromotion(z.number()),
  /** Per promotion, by date 'YYYYMMDD': cumulative total spend at the end of that day. */
  pastProgressDetails: byPromotion(z.record(z.string(), z.object({ totalSpend: z.number() }))),
  promotionUserChoices: byPromotion(z.object({ selectedReward: z.string() })),
});
