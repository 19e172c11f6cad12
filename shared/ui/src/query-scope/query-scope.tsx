import { loadQueryClient } from '@promo/domain/remote-contract';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useState, type ComponentType, type ReactNode } from 'react';

type Provider = ComponentType<{ children: ReactNode }>;

interface Scope {
  promise: Promise<Provider>;
  /** Suspends (React.lazy) until loaded. */
  Lazy: Provider;
  /** Set once loaded, so a scope mounted after that renders at once (no Suspense fallback). */
  provider?: Provider;
}

const scopes = new WeakMap<Promise<QueryClient>, Scope>();

function scopeFor(client: Promise<QueryClient>): Scope {
  let scope = scopes.get(client);
  if (!scope) {
    const created = {} as Scope;
    created.promise = Promise.all([import('@tanstack/react-query'), client]).then(
      ([{ QueryClientProvider }, queryClient]) => {
        const provider: Provider = ({ children }) => (
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        );
        created.provider = provider;
        return provider;
      },
    );
    created.Lazy = lazy(() => created.promise.then((provider) => ({ default: provider })));
    scope = created;
    scopes.set(client, scope);
  }
  return scope;
}

/**
 * Starts downloading TanStack Query and creating the app's QueryClient (the shell's, through
 * loadQueryClient), so a QueryScope rendered later does not wait. Safe to call often. Resolves
 * when a QueryScope would render at once, or when loading failed (the QueryScope reports that).
 */
export function preloadQueryScope(): Promise<void> {
  return scopeFor(loadQueryClient()).promise.then(
    () => undefined,
    () => undefined,
  );
}

/**
 * Provides the app's one QueryClient to what it wraps, suspending while TanStack Query downloads
 * the first time. Pages that ask for data render inside one (pageRoutes does it), so pages that do
 * not, like /login, never download it (docs/decisions/002-session-store.md). A failure to load reaches the error boundary.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  // Chosen once per mount: switching from Lazy to the loaded provider later would remount the page.
  const [Provider] = useState<Provider>(() => {
    const scope = scopeFor(loadQueryClient());
    return scope.provider ?? scope.Lazy;
  });
  return <Provider>{children}</Provider>;
}
