import type { RemoteName } from '@promo/domain/paths';
import { ErrorBoundary } from '@promo/ui/error-boundary';
import { Spinner } from '@promo/ui/spinner';
import { Suspense, use, useEffect, useMemo, useState } from 'react';
import { matchRoutes, renderMatches, useLocation } from '@promo/ui/router';
import { failureKind, retryDownload } from '@promo/domain/http/failure-kind.rules';
import { startedQueryRuntime } from '../query-client/query-access';
import { NotFoundPage } from '../pages/not-found-page';
import { emitReleaseEvent } from '../release-health/release-events';
import { fallBack, fallenBack, lastGoodOf, servingVersion } from './last-good-version';
import styles from './remote-mount.module.css';
import { RemoteUnavailable } from './remote-unavailable';
import { forgetRemote, loadedRemoteRoutes, loadRemoteRoutes } from './remote-loader';

function RemoteRoutes({ remote }: { remote: RemoteName }) {
  // `use` may be called conditionally; it is needed only while the remote is still loading.
  const module = loadedRemoteRoutes(remote) ?? use(loadRemoteRoutes(remote));
  const routes = useMemo(() => module.createRoutes(), [module]);
  const location = useLocation();
  // The page's code and first queries (idempotent; the bootstrap made the first call, before the
  // session gate opened); on a navigation this starts them before the page's code is in.
  void module.preloadRoute?.(location.pathname, location.search);
  const matches = matchRoutes(routes, location);
  // The route's pattern, not its path: release events carry no ids.
  const route = matches?.at(-1)?.route.path;
  useEffect(() => {
    if (route) emitReleaseEvent({ type: 'page-view', remote, version: servingVersion(remote), route });
  }, [remote, route, location.pathname]);
  // Remote routes are absolute; rendering the match here keeps the pages inside the shell's providers.
  return (
    <>
      {fallenBack.has(remote) && (
        <p className={styles.lastGood}>Showing the previous version of this section</p>
      )}
      {matches ? renderMatches(matches) : <NotFoundPage />}
    </>
  );
}

/**
 * What a crashed page had asked for may be what it could not render, and with the page gone those
 * queries are inactive: they are dropped, so its Try again renders from fresh answers, not from the
 * same ones again. Nothing to do where no page asked for data yet.
 */
async function forgetInactiveAnswers(): Promise<void> {
  const runtime = await startedQueryRuntime();
  await runtime?.client.resetQueries({ type: 'inactive' });
}

/**
 * Try again after a crash renders from fresh answers; after a failed download it asks for the
 * remote, or the page's code (retryDownload), afresh.
 */
const retryAfter = (error: unknown, reset: () => void) =>
  failureKind(error) === 'crash'
    ? () => void forgetInactiveAnswers().finally(reset)
    : () => {
        retryDownload(error);
        reset();
      };

/**
 * A page of the version served that failed to load or render: its last good version is loaded
 * instead, once per page view (last-good-version.ts); without one, the failure and "Try again".
 */
function RemoteFailed({
  remote,
  error,
  onRetry,
}: {
  remote: RemoteName;
  error: unknown;
  onRetry: () => void;
}) {
  // Read once: after the switch there is no last good version left, and the boundary resets.
  const [lastGood] = useState(() => lastGoodOf(remote));
  useEffect(() => {
    if (lastGood) void fallBack(remote, error).then((switched) => switched && onRetry());
  }, [lastGood, remote, error, onRetry]);
  return lastGood ? <Spinner /> : <RemoteUnavailable error={error} onRetry={retryAfter(error, onRetry)} />;
}

/**
 * Catches a remote that fails to load (manifest RUNTIME-003, entry RUNTIME-008, ChunkLoadError) or
 * crashes while rendering, inside the content area only: the header, menu and logout keep working
 * around it. Which of the two it was decides the words (failureKind in
 * @promo/domain/http/failure-kind.rules); a crash is reported.
 */
export function RemoteMount({ remote }: { remote: RemoteName }) {
  const location = useLocation();
  return (
    // A new path resets a page error; a load failure stays until "Try again", which forgets the
    // failed load so the remote, or the page's code (retryDownload), is fetched afresh.
    <ErrorBoundary
      key={`${remote}:${location.pathname}`}
      fallbackRender={({ error, resetErrorBoundary }) => (
        <RemoteFailed remote={remote} error={error} onRetry={resetErrorBoundary} />
      )}
      onError={(error) => console.error(`The ${remote} remote failed.`, error)}
      onReset={() => forgetRemote(remote)}
    >
      <Suspense fallback={<Spinner />}>
        <RemoteRoutes remote={remote} />
      </Suspense>
    </ErrorBoundary>
  );
}
