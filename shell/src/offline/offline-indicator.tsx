import type { Session } from '@promo/domain/types';
import { useOnline } from '@promo/ui/online-status';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useSession } from '../session/use-session';
import { formatAsAt, offlineNotice, type ShownQuery } from './offline-notice.rules';
import { isPersistedQuery } from './query-persister';
import styles from './offline-indicator.module.css';

/** The kept queries on screen now, as a string, so React re-renders only when one of them changes. */
function shownQueriesSnapshot(queryClient: QueryClient, session: Session): string {
  return queryClient
    .getQueryCache()
    .findAll({
      predicate: (query) => query.getObserversCount() > 0 && isPersistedQuery(query.queryKey, session),
    })
    .map((query) => `${query.state.dataUpdatedAt}/${query.state.errorUpdatedAt}`)
    .sort()
    .join(',');
}

function parseShown(snapshot: string): ShownQuery[] {
  if (snapshot === '') return [];
  return snapshot.split(',').map((entry) => {
    const [dataUpdatedAt = 0, errorUpdatedAt = 0] = entry.split('/').map(Number);
    return { dataUpdatedAt, errorUpdatedAt };
  });
}

/**
 * The offline indicator (issue 6): says the app is offline (or the server unreachable), how old the
 * data on screen is ("as at"), and that actions needing the server will not work. Announced politely.
 */
export function OfflineIndicator({ startedAt = performance.timeOrigin }: { startedAt?: number }) {
  const online = useOnline();
  const queryClient = useQueryClient();
  const session = useSession();
  const subscribe = useCallback(
    (onChange: () => void) => queryClient.getQueryCache().subscribe(onChange),
    [queryClient],
  );
  const snapshot = useSyncExternalStore(subscribe, () => shownQueriesSnapshot(queryClient, session));
  const notice = offlineNotice({ online, startedAt, shown: parseShown(snapshot) });

  return (
    <div role="status">
      {notice ? (
        <div className={styles.banner}>
          <div className={styles.inner}>
            <p className={styles.title}>
              {notice.kind === 'offline' ? 'You are offline' : 'The server cannot be reached'}
            </p>
            <p className={styles.detail}>
              {notice.asAt !== undefined ? (
                <>
                  Showing your saved data as at{' '}
                  <time dateTime={new Date(notice.asAt).toISOString()}>{formatAsAt(notice.asAt)}</time>.{' '}
                </>
              ) : null}
              Anything that needs the server, like joining a promotion or saving a reward choice, will not
              work until you are back online.
            </p>
          </div>
        </div>
      ) : null}
    </div>
  );
}
