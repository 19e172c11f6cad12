import { queryOptions } from '@promo/domain/query';
import { runtimeConfig } from '@promo/domain/remote-contract';
import { allowedParentOrigins } from '@promo/domain/spend-progress/spend-progress-message.rules';

/**
 * The parent origins the embedded spend-progress page accepts messages from: the environment's
 * allowed parents, as the shell resolved them at start (promo-domain's environments table).
 */
export function getAllowedParentOrigins(ownOrigin: string): Promise<string[]> {
  return Promise.resolve(allowedParentOrigins(runtimeConfig().spendProgressParentOrigins, ownOrigin));
}

export const spendProgressQueries = {
  all: () => ['spend-progress'] as const,
  parentOrigins: (ownOrigin: string) =>
    queryOptions({
      queryKey: [...spendProgressQueries.all(), 'parent-origins', ownOrigin] as const,
      queryFn: () => getAllowedParentOrigins(ownOrigin),
      staleTime: Infinity,
    }),
};
