import { queryOptions } from '@promo/domain/query';
import { getConfigurationEntry } from './configuration.api';
import { ACCOUNT_STALE_TIME_MS } from '@promo/domain/account/account.queries';
import type { ConfigurationEntry } from '../types';
import { DIVISION_DETAILS_ID, queryKeys } from '../query-keys';

/** One entry of configuration 'division.details' (a server addition): a division's name and logo. */
export type DivisionDetails = ConfigurationEntry<typeof DIVISION_DETAILS_ID>['value'][number];

export const getDivisionDetails = async (): Promise<DivisionDetails[]> =>
  (await getConfigurationEntry(DIVISION_DETAILS_ID))?.value ?? [];

export const divisionDetailsQueries = {
  all: queryKeys.divisionDetails,
  list: () =>
    queryOptions({
      queryKey: [...divisionDetailsQueries.all(), 'list'] as const,
      queryFn: getDivisionDetails,
      // Configuration changes as rarely as branch data (docs/product-rules.md, 'Formats and constants').
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
};
