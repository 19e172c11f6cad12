import { queryOptions } from '@tanstack/react-query';
import { http } from '@promo/domain/http/http-client';
import type { AccountId } from '../types';
import type {
  AssociationRequest,
  ChoicesRequest,
  OptInRequest,
  TrackingRequest,
} from '../api/account.schema';

/** Account, user and branch data stay fresh for 5 minutes (docs/product-rules.md, 'Formats and constants'). */
export const ACCOUNT_STALE_TIME_MS = 5 * 60 * 1000;

export const getAccounts = (ids: AccountId[]) => http.get('/account/get', { ids });

// The bodies' types are the server's schemas' (account.schema.ts), as types only.
export const optIntoPromotion = (body: OptInRequest) => http.post('/account/opt/into/promotion', body);

export const confirmAssociations = (body: AssociationRequest) =>
  http.post('/account/confirm/account/association', body);

export const updateTracking = (body: TrackingRequest) => http.post('/account/update/tracking', body);

export const updateChoices = (body: ChoicesRequest) => http.post('/account/promotion/update/choices', body);

export const accountQueries = {
  all: () => ['account'] as const,
  detail: (id: AccountId) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'detail', id] as const,
      queryFn: async () => (await getAccounts([id]))[0] ?? null,
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
};
