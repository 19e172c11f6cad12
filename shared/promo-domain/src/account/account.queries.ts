import { queryOptions } from '@tanstack/react-query';
import { http } from '@promo/domain/http';
import type { Account, AccountAssociationAnswer, AccountId, PromotionId } from '../types';

/** Account, user and branch data stay fresh for 5 minutes (docs/product-rules.md, 'Formats and constants'). */
export const ACCOUNT_STALE_TIME_MS = 5 * 60 * 1000;

export const getAccounts = (ids: AccountId[]) => http.get<Account[]>('/account/get', { ids });

export const optIntoPromotion = (body: {
  promotionID: PromotionId;
  joinMailingList: boolean;
  selectedReward?: string;
}) => http.post<Account>('/account/opt/into/promotion', body);

export const confirmAssociations = (body: { associations: AccountAssociationAnswer[]; comment: string }) =>
  http.post<Account>('/account/confirm/account/association', body);

export const updateTracking = (body: { type: 'promotion_view'; key: string }) =>
  http.post<{ ok: boolean }>('/account/update/tracking', body);

export const updateChoices = (body: { promotionID: PromotionId; userChoices: { selectedReward: string } }) =>
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
