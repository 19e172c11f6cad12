import { z } from 'zod';
import { PACE_BANDS } from '../rep/rep-progress.rules';
import { ACCOUNT_SORT_KEYS, SEARCH_SUMMARIES, SORT_DIRECTIONS } from '../types';
import { ACCOUNT_SEARCH_MAX_LIMIT } from './account-limits';

/**
 * The bodies the client sends to the `/account/*` routes of `/api/v1`, declared once. The server
 * validates with these schemas (server/src/routes/account.routes.ts); the client's calls
 * (account.queries.ts, rep.queries.ts) take types inferred from them, imported as types only, so
 * no route bundles zod. account-requests.schema.test.ts parses what the client sends with them.
 */

const promotionId = z.string().trim().min(1, 'Required').max(100);
const selectedReward = z.string().trim().min(1, 'Required').max(2000);

const accountSearchFields = z.object({
  totalOnly: z.boolean().optional(),
  offset: z.number().int().min(0).optional(),
  limit: z.number().int().min(1).max(ACCOUNT_SEARCH_MAX_LIMIT).optional(),
  sort: z
    .array(z.object({ key: z.enum(ACCOUNT_SORT_KEYS), direction: z.enum(SORT_DIRECTIONS) }))
    .max(3)
    .optional(),
  filters: z
    .object({
      hasTargetsFor: promotionId.optional(),
      enrolledIn: promotionId.optional(),
      notEnrolledIn: promotionId.optional(),
      branchID: z.array(z.string().max(50)).max(500).optional(),
      searchText: z.string().max(200).optional(),
      // One band, or a list of at least one (an empty list would be a filter that matches nobody).
      band: z
        .union(
          [
            z.enum(PACE_BANDS),
            z.array(z.enum(PACE_BANDS)).min(1, 'Name at least one band, or leave band out').max(8),
          ],
          { error: `Expected one of ${PACE_BANDS.map((band) => `"${band}"`).join('|')}, or a list of them` },
        )
        .optional(),
    })
    .optional(),
  summary: z.enum(SEARCH_SUMMARIES).optional(),
});

/** POST /account/search. Bands are measured against one promotion's figures: the one the search already reads. */
export const accountSearchSchema = accountSearchFields.superRefine((body, context) => {
  const filters = body.filters;
  if (filters?.hasTargetsFor ?? filters?.enrolledIn ?? filters?.notEnrolledIn) return;
  const message = 'Needs the promotion in filters.hasTargetsFor, enrolledIn or notEnrolledIn';
  if (filters?.band !== undefined) context.addIssue({ code: 'custom', path: ['filters', 'band'], message });
  else if (body.summary !== undefined) context.addIssue({ code: 'custom', path: ['summary'], message });
});

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
        division: z.enum(['A', 'B', 'T', '2', 'P', 'D', 'N', 'other']),
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
