import type { RemoteName } from '@promo/domain/paths';
import { ErrorBoundary } from '@promo/ui/error-boundary';
import { Spinner } from '@promo/ui/spinner';
import { Suspense, use, useMemo } from 'react';
import { matchRoutes, renderMatches, useLocation } from '@promo/ui/router';
import { failureKind, retryDownload } from '@promo/domain/http/failure-kind.rules';
import { startedQueryRuntime } from '../app/query-access';
import { NotFoundPage } from '../pages/not-found-page';
import { RemoteUnavailable } from './remote-unavailable';
import { forgetRemote, loadedRemoteRoutes, loadRemoteRoutes } from './remote-loader';

function RemoteRoutes({ remote }: { remote: RemoteName }) {
  // `use` may be called conditionally; it is needed only while the remote is still loading.
  const module = loadedRemoteRoutes(remote) ?? use(loadRemoteRoutes(remote));
  const routes = useMemo(() => module.createRoutes(), [module]);
  const location = useLocation();
  // The page's code and first queries (idempotent; the bootstrap made the first call, before the
  // session gate opened); on a navigation this starts them before the page's code is in.
  void module.preloadRoute?.(location.pathname);
  const matches = matchRoutes(routes, location);
  // Remote routes are absolute; rendering the match here keeps the pages inside the shell's providers.
  return matches ? renderMatches(matches) : <NotFoundPage />;
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
        <RemoteUnavailable
          error={error}
          onRetry={
            failureKind(error) === 'crash'
              ? () => void forgetInactiveAnswers().finally(resetErrorBoundary)
              : () => {
                  retryDownload(error);
                  resetErrorBoundary();
                }
          }
        />
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
