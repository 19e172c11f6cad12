import { z } from 'zod';
import { ACCOUNT_SEARCH_MAX_LIMIT } from '../account/account-limits';
import { ACCOUNT_SORT_KEYS, SEARCH_SUMMARIES, SORT_DIRECTIONS } from '../types';
import { PACE_BANDS } from './rep-progress.rules';

/**
 * The body of POST /account/search, the rep's customer search, declared once: the server validates
 * with it (server/src/routes/account.routes.ts), and account-search.schema.test.ts fails the
 * typecheck when the client's AccountSearchRequest (types.ts) and it part. Imported by no browser
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
