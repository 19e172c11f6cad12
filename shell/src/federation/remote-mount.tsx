import type { RemoteName } from '@promo/domain/paths';
import { ErrorBoundary } from '@promo/ui/error-boundary';
import { Spinner } from '@promo/ui/spinner';
import { Suspense, use, useEffect, useMemo } from 'react';
import { matchRoutes, renderMatches, useLocation } from '@promo/ui/router';
import { NotFoundPage } from '../pages/not-found-page';
import { RemoteUnavailable } from './remote-unavailable';
import { emitReleaseEvent } from '../release-health/release-events';
import { forgetRemote, loadedRemoteRoutes, loadRemoteRoutes, remoteVersion } from './remote-loader';

function RemoteRoutes({ remote }: { remote: RemoteName }) {
  // `use` may be called conditionally; it is needed only while the remote is still loading.
  const module = loadedRemoteRoutes(remote) ?? use(loadRemoteRoutes(remote));
  const routes = useMemo(() => module.createRoutes(), [module]);
  const location = useLocation();
  // The page's code and first queries (idempotent; the bootstrap made the first call, before the
  // session gate opened); on a navigation this starts them before the page's code is in.
  void module.preloadRoute?.(location.pathname);
  const matches = matchRoutes(routes, location);
  // The pattern, not the URL ('/promotions/:id'): a report never names whose page it was. A remote's
  // routes are absolute and flat (@promo/domain/paths, MOUNTS), so the last match is the page's.
  const route = matches?.at(-1)?.route.path;
  // One page view of this remote's version per route shown (release health counts failures against them).
  useEffect(() => {
    if (route) emitReleaseEvent({ type: 'page-view', remote, version: remoteVersion(remote), route });
  }, [remote, route, location.pathname]);
  // Remote routes are absolute; rendering the match here keeps the pages inside the shell's providers.
  return matches ? renderMatches(matches) : <NotFoundPage />;
}

/**
 * Catches a remote that fails to load (manifest RUNTIME-003, entry RUNTIME-008, ChunkLoadError) or to
 * render, inside the content area only: the header, menu and logout keep working around it.
 */
export function RemoteMount({ remote }: { remote: RemoteName }) {
  const location = useLocation();
  return (
    // A new path resets a page error; a load failure stays until "Try again", which forgets the
    // failed load so the remote is fetched afresh.
    <ErrorBoundary
      key={`${remote}:${location.pathname}`}
      fallbackRender={({ resetErrorBoundary }) => <RemoteUnavailable onRetry={resetErrorBoundary} />}
      onError={(error) => console.error(`The ${remote} remote failed.`, error)}
      onReset={() => forgetRemote(remote)}
    >
      <Suspense fallback={<Spinner />}>
        <RemoteRoutes remote={remote} />
      </Suspense>
    </ErrorBoundary>
  );
}
