/**
 * The domain's data, as the /api/v1 contract carries it (server/README.md): the types inferred from
 * the contract's schemas in api/ (api/api-contract.ts names each route's), imported as types only so
 * that no browser bundle takes zod, and the fixed lists they are built from (api/values.ts).
 * Money is in NZ dollars excluding GST; timestamps are epoch milliseconds.
 */
import type { z } from 'zod';
import type {
  accountSchema,
  divisionAccountSchema,
  progressDetailsSchema,
  targetSchema,
  associationSchema,
} from './api/account.schema';
import type {
  accountSearchItemSchema,
  accountSearchResponseSchema,
  accountSearchSchema,
  accountSearchSummarySchema,
  branchRollupSchema,
} from './api/account-search.schema';
import type { branchSchema, configurationEntrySchema, contentBlockSchema } from './api/content.schema';
import type { imageRefSchema, prizeSchema, promotionSchema } from './api/promotion.schema';
import type { sessionInfoSchema, userRecordSchema } from './api/session.schema';
import type { PaceBand } from './api/pace-bands';
import type { ACCOUNT_SORT_KEYS, SEARCH_SUMMARIES, SORT_DIRECTIONS } from './api/values';

export {
  ACCOUNT_SORT_KEYS,
  DIVISION_CODES,
  DIVISIONS,
  SEARCH_SUMMARIES,
  SORT_DIRECTIONS,
  type DivisionCode,
} from './api/values';
export type { PaceBand } from './api/pace-bands';

/** An account id (the trade customer's global id, e.g. "G100234"). */
export type AccountId = string;
export type PromotionId = string;

/** GET /session/get and POST /session/login answer with this. */
export type SessionInfo = z.output<typeof sessionInfoSchema>;
export type Role = SessionInfo['role'];
/** POST /user/get answers with a list of these. */
export type UserRecord = z.output<typeof userRecordSchema>;
/** The role of someone signed in. */
export type SignedInRole = UserRecord['role'];

/** The client's session: the server's answer plus the user record attached on the client. */
export interface Session extends SessionInfo {
  user?: UserRecord;
}

export type DivisionAccount = z.output<typeof divisionAccountSchema>;
export type ProgressDetails = z.output<typeof progressDetailsSchema>;
export type Target = z.output<typeof targetSchema>;
export type Account = z.output<typeof accountSchema>;

/** Anything but 'confirmed' sends the customer to account confirmation. */
export type AssociationsConfirmationStatus = Account['associationsConfirmationStatus'];

/** One answer of the customer's account confirmation. */
export type AccountAssociationAnswer = z.input<typeof associationSchema>['associations'][number];

export type ImageRef = z.output<typeof imageRefSchema>;
export type Prize = z.output<typeof prizeSchema>;
export type Promotion = z.output<typeof promotionSchema>;

/** One entry of configuration 'branch.details'. */
export type Branch = z.output<typeof branchSchema>;
type AnyConfigurationEntry = z.output<typeof configurationEntrySchema>;
export type ConfigurationId = AnyConfigurationEntry['id'];
/** GET /configuration/get answers with a list of these, one per id it knows; by id, that id's entry. */
export type ConfigurationEntry<Id extends ConfigurationId = ConfigurationId> = Extract<
  AnyConfigurationEntry,
  { id: Id }
>;
export type ContentBlock = z.output<typeof contentBlockSchema>;

/** How many customers fall in each band. */
export type PaceBandCounts = Record<PaceBand, number>;

export type AccountSortKey = (typeof ACCOUNT_SORT_KEYS)[number];
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
export type SearchSummary = (typeof SEARCH_SUMMARIES)[number];

/** POST /account/search's body (api/account-search.schema.ts says what each field does). */
export type AccountSearchRequest = z.input<typeof accountSearchSchema>;
/** One row of an account search: enough for the rep's customer table. */
export type AccountSearchItem = z.output<typeof accountSearchItemSchema>;
export type BranchRollup = z.output<typeof branchRollupSchema>;
export type AccountSearchSummary = z.output<typeof accountSearchSummarySchema>;
export type AccountSearchResponse = z.output<typeof accountSearchResponseSchema>;

/** What the server answers on a failed call: a status and a human-readable reason. */
export interface ApiErrorBody {
  error: string;
  message: string;
}
