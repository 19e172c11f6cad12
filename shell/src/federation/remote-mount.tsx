import type { RemoteName } from '@promo/domain/paths';
import { Spinner } from '@promo/ui/spinner';
import { Component, Suspense, use, useMemo, type ReactNode } from 'react';
import { matchRoutes, renderMatches, useLocation } from '@promo/ui/router';
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

interface BoundaryProps {
  remote: RemoteName;
  children: ReactNode;
}

/**
 * Catches a remote that fails to load (manifest RUNTIME-003, entry RUNTIME-008, ChunkLoadError) or to
 * render, inside the content area only: the header, menu and logout keep working around it.
 */
class RemoteErrorBoundary extends Component<BoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    console.error(`The ${this.props.remote} remote failed.`, error);
  }

  private retry = () => {
    forgetRemote(this.props.remote);
    this.setState({ error: undefined });
  };

  override render() {
    if (this.state.error !== undefined) return <RemoteUnavailable onRetry={this.retry} />;
    return this.props.children;
  }
}

export function RemoteMount({ remote }: { remote: RemoteName }) {
  const location = useLocation();
  return (
    // A new path resets a page error; a load failure stays until "Try again".
    <RemoteErrorBoundary remote={remote} key={`${remote}:${location.pathname}`}>
      <Suspense fallback={<Spinner />}>
        <RemoteRoutes remote={remote} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
