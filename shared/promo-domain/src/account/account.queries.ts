import { queryOptions } from '@tanstack/react-query';
import { http } from '@promo/domain/http/http-client';
import type { Account, AccountId } from '../types';
import type {
  AssociationRequest,
  ChoicesRequest,
  OptInRequest,
  TrackingRequest,
} from './account-requests.schema';

/** Account, user and branch data stay fresh for 5 minutes (docs/product-rules.md, 'Formats and constants'). */
export const ACCOUNT_STALE_TIME_MS = 5 * 60 * 1000;

export const getAccounts = (ids: AccountId[]) => http.get<Account[]>('/account/get', { ids });

// The bodies' types are the server's schemas' (account-requests.schema.ts), as types only.
export const optIntoPromotion = (body: OptInRequest) =>
  http.post<Account>('/account/opt/into/promotion', body);

export const confirmAssociations = (body: AssociationRequest) =>
  http.post<Account>('/account/confirm/account/association', body);

export const updateTracking = (body: TrackingRequest) =>
  http.post<{ ok: boolean }>('/account/update/tracking', body);

export const updateChoices = (body: ChoicesRequest) =>
  http.post<Account>('/account/promotion/update/choices', body);

export const accountQueries = {
  all: () => ['account'] as const,
  detail: (id: AccountId) =>
    queryOptions({
      queryKey: [...accountQueries.all(), 'detail', id] as const,
      queryFn: async () => (await getAccounts([id]))[0] ?? null,
      staleTime: ACCOUNT_STALE_TIME_MS,
    }),
};
