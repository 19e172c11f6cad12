import { z } from 'zod';
import { divisionCodeSchema } from './account.schema';
import { imageRefSchema } from './promotion.schema';

/** What GET /block/get and GET /configuration/get answer with. */

/** One content block: HTML from the server, sanitized before rendering. */
export const contentBlockSchema = z.object({ id: z.string(), props: z.object({ rawHtml: z.string() }) });

/** One entry of configuration 'branch.details'. */
export const branchSchema = z.object({
  branchID: z.string(),
  branchName: z.string(),
  /** Short branch code, e.g. "AKL1". */
  branch: z.string(),
  division: divisionCodeSchema,
  region: z.string(),
});

/** One entry of configuration 'division.details' (an addition to the original API): a division's name and logo. */
export const divisionDetailsSchema = z.object({
  division: divisionCodeSchema,
  name: z.string(),
  logo: imageRefSchema,
});

/**
 * The configuration entries the server knows, by id; it leaves unknown ids out of its answer. The
 * screens ask by these ids (BRANCH_DETAILS_ID and DIVISION_DETAILS_ID in
 * query-keys.ts), typed against this union so that neither can name another.
 */
export const configurationEntrySchema = z.discriminatedUnion('id', [
  z.object({ id: z.literal('branch.details'), value: z.array(branchSchema) }),
  z.object({ id: z.literal('division.details'), value: z.array(divisionDetailsSchema) }),
]);
