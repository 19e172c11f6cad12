import { useSessionState } from '@promo/domain/session/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session/session.rules';
import { useOnline } from '@promo/ui/online-status';
import { useAtomValue } from '@promo/ui/app-store';
import { useCallback, useSyncExternalStore } from 'react';
import { queryRuntimeAtom } from '../query-client/query-access';
import { formatAsAt, offlineNotice, parseShownQueries } from './offline-notice.rules';
import styles from './offline-indicator.module.css';

const nothingToWatch = () => () => undefined;

/**
 * The offline indicator (docs/product-rules.md, 'Offline copy'): says the app is offline (or the server unreachable), how old the
 * data on screen is ("as at"), and that actions needing the server will not work. Announced politely.
 */
export function OfflineIndicator({ startedAt = performance.timeOrigin }: { startedAt?: number }) {
  const online = useOnline();
  const { session = ANONYMOUS_SESSION, serverUnreachable } = useSessionState();
  // No QueryClient yet (a page without data, like /login): nothing on screen to date.
  const runtime = useAtomValue(queryRuntimeAtom);
  const subscribe = useCallback(
    (onChange: () => void) => (runtime ? runtime.subscribe(onChange) : nothingToWatch()),
    [runtime],
  );
  const snapshot = useSyncExternalStore(subscribe, () => runtime?.shownSnapshot(session) ?? '');
  const notice = offlineNotice({
    online,
    startedAt,
    shown: parseShownQueries(snapshot),
    sessionUnreachable: serverUnreachable,
  });

  if (notice?.kind === 'updating')
    // Over the page, not above it: the saved data stays where it is drawn while it is refreshed.
    return (
      <div role="status" className={styles.updatingArea}>
        <p className={styles.updating}>Updating…</p>
      </div>
    );

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
