import { z } from 'zod';
import { ASSOCIATION_STATUSES, DIVISION_CODES } from './values';

/**
 * The account routes of `/api/v1`, both ways: the account, as GET /account/get and the customer's
 * changes answer with it, and the bodies of those changes (the rep's search:
 * account-search.schema.ts). Money is in NZ dollars excluding GST; timestamps are epoch
 * milliseconds. Maps keyed by promotion id are records of strings: the server sends only the
 * promotions the account has figures for. The server validates with these schemas
 * (server/src/routes/account.routes.ts); the client's calls (account.queries.ts) take types
 * inferred from them, imported as types only, so no route bundles zod.
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
  /** Anything but 'confirmed' sends the customer to account confirmation. */
  associationsConfirmationStatus: z.enum(ASSOCIATION_STATUSES),
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

const promotionId = z.string().trim().min(1, 'Required').max(100);
const selectedReward = z.string().trim().min(1, 'Required').max(2000);

/** POST /account/opt/into/promotion: a customer joins a promotion. */
export const optInSchema = z.object({
  promotionID: promotionId,
  joinMailingList: z.boolean(),
  selectedReward: selectedReward.optional(),
});
export type OptInRequest = z.input<typeof optInSchema>;

/** POST /account/confirm/account/association: a customer's answers about their linked accounts. */
export const associationSchema = z.object({
  associations: z
    .array(
      z.object({
        id: z.string().trim().min(1, 'Required').max(100),
        divisionID: z.string().max(100),
        division: z.enum([...DIVISION_CODES, 'other']),
        confirmed: z.boolean(),
      }),
    )
    .min(1, 'Required')
    .max(100),
  comment: z.string().max(2000),
});
export type AssociationRequest = z.input<typeof associationSchema>;

/** POST /account/update/tracking: a customer opened a promotion's tracking view. */
export const trackingSchema = z.object({
  type: z.literal('promotion_view'),
  key: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(100)
    .regex(/^[a-z0-9._-]+$/, 'Must be a lowercased promotion id'),
});
export type TrackingRequest = z.input<typeof trackingSchema>;

/** POST /account/promotion/update/choices: a customer's reward choices (Update Selection). */
export const choicesSchema = z.object({
  promotionID: promotionId,
  userChoices: z.object({ selectedReward }),
});
export type ChoicesRequest = z.input<typeof choicesSchema>;
