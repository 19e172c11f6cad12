import { queryOptions } from '@promo/domain/query';
import { apiUrl, http } from '@promo/domain/http/http-client';
import type { ImageRef, PromotionId } from '../types';
import { promotionFetchWindow } from '@promo/domain/promotion/promotion.rules';
import { queryKeys } from '../query-keys';

export const getPromotions = (ids: PromotionId[]) => http.get('/promotion/get', { ids });

export const getPromotionsInWindow = (now: number) => http.get('/promotion/get', promotionFetchWindow(now));

/** An image reference resolves to the file-image URL of its id, else its direct url. */
export function imageUrl(ref: ImageRef | undefined): string | undefined {
  if (!ref) return undefined;
  if (ref.id) return apiUrl(`/file/image/${encodeURIComponent(ref.id)}`);
  return ref.url;
}

/**
 * Promotions are set up by the business and change rarely (progress lives on the account): a list
 * fetched in the last minute is shown as it is. Above all, a page does not ask again for what its
 * route's preload fetched moments before it rendered (pageRoutes in @promo/ui/page-routes).
 * A copy restored from the offline store is refetched whatever its age (query-persistence.ts).
 */
export const PROMOTION_STALE_TIME_MS = 60 * 1000;

export const promotionQueries = {
  all: queryKeys.promotions,
  current: () =>
    queryOptions({
      queryKey: [...promotionQueries.all(), 'current'] as const,
      queryFn: () => getPromotionsInWindow(Date.now()),
      staleTime: PROMOTION_STALE_TIME_MS,
    }),
  detail: (id: PromotionId) =>
    queryOptions({
      queryKey: [...promotionQueries.all(), 'detail', id] as const,
      queryFn: async () => (await getPromotions([id]))[0] ?? null,
      staleTime: PROMOTION_STALE_TIME_MS,
    }),
};
