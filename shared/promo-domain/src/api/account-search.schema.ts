import { z } from 'zod';
import { targetSchema } from './account.schema';
import { ACCOUNT_SEARCH_MAX_LIMIT } from './account-limits';
import { PACE_BANDS } from './pace-bands';
import { ACCOUNT_SORT_KEYS, SEARCH_SUMMARIES, SORT_DIRECTIONS } from './values';

/**
 * POST /account/search, the rep's customer search, both ways, declared once: the server validates
 * the body with it (server/src/routes/account.routes.ts) and checks its answer against it
 * (api-contract.ts); the client's types (types.ts) are inferred from it. Imported by no browser
 * code, so no route bundles zod.
 */

const promotionId = z.string().trim().min(1, 'Required').max(100);

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

const paceBandCountsSchema = z.record(z.enum(PACE_BANDS), z.number().int().min(0));

/** One row of an account search: enough for the rep's customer table. */
export const accountSearchItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  primaryRegion: z.string(),
  /** Division account ids, searchable as "Customer ID". */
  customerIds: z.array(z.string()),
  totalSpend: z.number(),
  /**
   * Fraction 0-1 of the target in focus (the first not reached, the last once all are), for the
   * hasTargetsFor promotion (achievement, @promo/domain/promotion/target-progress.rules).
   */
  percentageAchieved: z.number(),
  /** The hasTargetsFor promotion's targets for this customer (none without it). */
  targets: z.array(targetSchema),
  /** The first target amount for the hasTargetsFor promotion. */
  firstTarget: z.number(),
  enrolled: z.boolean(),
  /**
   * The first target not reached for the same promotion, and the spend per remaining trading day it
   * needs (null once no trading day remains); absent when every target is reached or there are none.
   */
  nextTarget: z
    .object({
      targetNumber: z.number().int().min(1),
      amount: z.number(),
      remaining: z.number(),
      perTradingDayNeeded: z.number().nullable(),
    })
    .optional(),
});

/**
 * One branch of a search's roll-up: the matching customers who trade with it (a customer trading with
 * two branches counts at both), as the table would list them with branchID set to this branch alone.
 */
export const branchRollupSchema = z.object({
  branchID: z.string(),
  branchName: z.string(),
  region: z.string(),
  /** Matching customers (with hasTargetsFor: the customers eligible for the promotion). */
  customers: z.number().int().min(0),
  /** Of those, the customers who joined the promotion. */
  joined: z.number().int().min(0),
  /** Their total spend, in dollars (rounded to cents). */
  totalSpend: z.number(),
  /** Their first targets added up, in dollars (rounded to cents). */
  firstTargetTotal: z.number(),
  bands: paceBandCountsSchema,
});

export const accountSearchSummarySchema = z.object({
  /** Counts per band of every match; they add up to the answer's total. */
  bands: paceBandCountsSchema,
  /**
   * With summary 'branches': each branch of the branchID filter (every branch of the rep's regions
   * without one) that is in the rep's regions, ordered by region and branch name as the branch list is.
   */
  branches: z.array(branchRollupSchema).optional(),
});

/** What POST /account/search answers. */
export const accountSearchResponseSchema = z.object({
  ids: z.array(z.string()),
  items: z.array(accountSearchItemSchema),
  total: z.number().int().min(0),
  /** Only when the request asks for a summary. */
  summary: accountSearchSummarySchema.optional(),
});
