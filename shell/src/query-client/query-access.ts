import { appAtom, appStore } from '@promo/ui/app-store';
import type { QueryRuntime } from './query-runtime';
import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';

/**
 * The app's QueryClient is created the first time a page that asks for data needs it (pageRoutes'
 * QueryScope, or a route preload): TanStack Query, the client, its offline copy and the shell's
 * watchers of it live in query-runtime.ts, a chunk of its own, so the anonymous /login never
 * downloads them (docs/decisions/002-session-store.md). This module is what the rest of the shell may import.
 */
export const queryRuntimeAtom = appAtom<QueryRuntime | undefined>(undefined);

let starting: Promise<QueryRuntime> | undefined;

/** Creates the QueryClient and restores its offline copy, once; a failed download can be retried. */
export function loadQueryRuntime(): Promise<QueryRuntime> {
  // The chunk is named so that the last screen's capture, which every signed-in page starts
  // beside it (bootstrap.tsx), comes in the same file: one script element and request fewer in the
  // start-up task that inserts them (docs/decisions/007-performance-figures.md).
  starting ??= import(/* webpackChunkName: "signed-in" */ './query-runtime')
    // TanStack Query's modules run in the task that brought their chunk; the client and its
    // offline copy start in a task apart (task-of-its-own.ts).
    .then(async ({ startQueryRuntime }) => {
      await taskOfItsOwn();
      return startQueryRuntime();
    })
    .then(
      (runtime) => {
        appStore.set(queryRuntimeAtom, runtime);
        // Lets end-to-end tests prove there is exactly one QueryClient across the shell and the remotes.
        (window as unknown as { __EZY_QUERY_CLIENT__?: unknown }).__EZY_QUERY_CLIENT__ = runtime.client;
        return runtime;
      },
      (error: unknown) => {
        starting = undefined;
        throw error;
      },
    );
  return starting;
}

/** The QueryClient for remotes (provideQueryClient): the same promise until a failure. */
export const loadQueryClient = () => loadQueryRuntime().then((runtime) => runtime.client);

/** Sets (or, with undefined, forgets) the runtime: tests give it their own QueryClient. */
export function setQueryRuntime(runtime: QueryRuntime | undefined): void {
  starting = runtime ? Promise.resolve(runtime) : undefined;
  appStore.set(queryRuntimeAtom, runtime);
}

/** The runtime if it was ever asked for (logout clears it), without creating one. */
export function startedQueryRuntime(): Promise<QueryRuntime | undefined> {
  return starting ?? Promise.resolve(undefined);
}
