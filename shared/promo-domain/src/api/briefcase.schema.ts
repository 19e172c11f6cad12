import { z } from 'zod';
import { accountSchema } from './account.schema';
import { promotionSchema } from './promotion.schema';

/**
 * POST /briefcase/page, the rep's briefcase (docs/decisions/047-rep-briefcase.md), both ways: the
 * current promotions and every customer of the chosen branches, with each customer's whole view, a
 * page of customers at a time. The server validates with these schemas
 * (server/src/briefcase/briefcase.routes.ts); the client takes types inferred from them, as types
 * only, so no route bundles zod.
 */

/** The most customers one page carries: a few requests for the largest portfolio, none too big to retry. */
const BRIEFCASE_PAGE_MAX = 500;

export const briefcasePageSchema = z.object({
  /** The branches whose customers are kept; none means every branch of the rep's regions. */
  branchID: z.array(z.string().trim().min(1, 'Required').max(50)).max(500),
  /** The page after this customer id (the previous page's `next`); absent for the first page. */
  after: z.string().trim().min(1, 'Required').max(100).optional(),
  limit: z.number().int().min(1).max(BRIEFCASE_PAGE_MAX).optional(),
});

export const briefcasePageAnswerSchema = z.object({
  /** When the server read the figures (epoch ms): the "as at" of everything kept. */
  asAt: z.number(),
  /** Every customer of the branches, all pages together: what the progress bar counts to. */
  total: z.number().int().min(0),
  /** The promotions the rep's screens list (promotionFetchWindow), on every page. */
  promotions: z.array(promotionSchema),
  /** The page's customers in id order, each with figures for those promotions only. */
  accounts: z.array(accountSchema),
  /** The `after` of the next page; null on the last. */
  next: z.string().nullable(),
});
export type BriefcasePage = z.output<typeof briefcasePageAnswerSchema>;
