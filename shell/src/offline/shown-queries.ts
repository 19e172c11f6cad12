import type { Session } from '@promo/domain/types';
import type { QueryClient } from '@promo/domain/query';
import { isPersistedQuery } from './query-persister';

/**
 * The kept queries on screen now (observed, and kept for offline use), as a string, so the offline
 * indicator re-renders only when one of them changes (parseShownQueries reads it back).
 */
export function shownKeptQueries(queryClient: QueryClient, session: Session): string {
  return queryClient
    .getQueryCache()
    .findAll({
      predicate: (query) => query.getObserversCount() > 0 && isPersistedQuery(query.queryKey, session),
    })
    .map(
      (query) =>
        `${query.state.dataUpdatedAt}/${query.state.errorUpdatedAt}/${query.state.fetchStatus === 'fetching' ? 1 : 0}`,
    )
    .sort()
    .join(',');
}
