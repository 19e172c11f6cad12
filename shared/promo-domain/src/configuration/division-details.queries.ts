import { queryOptions } from '@tanstack/react-query';
import { http } from '@promo/domain/http/http-client';
import { ACCOUNT_STALE_TIME_MS } from '@promo/domain/account/account.queries';
import type { ConfigurationEntry, ConfigurationId } from '../types';

/** One entry of configuration 'division.details' (a server addition): a division's name and logo. */
export type DivisionDetails = ConfigurationEntry<typeof DIVISION_DETAILS_ID>['value'][number];

export const DIVISION_DETAILS_ID = 'division.details' satisfies ConfigurationId;

export const getDivisionDetails = async (): Promise<DivisionDetails[]> => {
  const entries = await http.get('/configuration/get', {
    ids: DIVISION_DETAILS_ID,
  });
  return (
    entries.find(
      (entry): entry is ConfigurationEntry<typeof DIVISION_DETAILS_ID> => entry.id === DIVISION_DETAILS_ID,
    )?.value ?? []
  );
};

export const divisionDetailsQueries = {
  all: () => ['configuration', DIVISION_DETAILS_ID] as const,
  list: () =>
    queryOptions({
      queryKey: [...divisionDetailsQueries.all(), 'list'] as const,
      queryFn: getDivisionDetails,
      // Configuration changes as rarely as branch data (docs/product-rules.md, 'Formats and constants').
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
};
