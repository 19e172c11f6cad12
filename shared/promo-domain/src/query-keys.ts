import type { AccountId, ConfigurationId } from './types';

/** The configuration entries the screens read (configurationEntrySchema in api/content.schema.ts). */
export const BRANCH_DETAILS_ID = 'branch.details' satisfies ConfigurationId;
export const DIVISION_DETAILS_ID = 'division.details' satisfies ConfigurationId;

/**
 * The query keys the offline copy chooses by, written once: the `*.queries.ts` factories build their
 * keys from these, and the shell's offline copy (shell/src/offline/query-persister.ts) reads them
 * without loading the factories, their fetchers and their parsers on every signed-in page.
 */
export const queryKeys = {
  promotions: () => ['promotions'] as const,
  account: () => ['account'] as const,
  /** Every account's details (a rep keeps those of the customers they viewed). */
  accountDetails: () => ['account', 'detail'] as const,
  accountDetail: (id: AccountId) => ['account', 'detail', id] as const,
  rep: () => ['rep'] as const,
  branches: () => ['configuration', BRANCH_DETAILS_ID] as const,
  divisionDetails: () => ['configuration', DIVISION_DETAILS_ID] as const,
};
