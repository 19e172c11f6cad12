import { z } from 'zod';
import { DIVISION_CODES } from './values';

/**
 * The bodies a customer's screens send to the `/account/*` routes of `/api/v1`, declared once (the
 * rep's search: account-search.schema.ts; the account they answer with: account.schema.ts). The
 * server validates with these schemas (server/src/routes/account.routes.ts); the client's calls
 * (account.queries.ts) take types inferred from them, imported as types only, so no route bundles zod.
 */

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
