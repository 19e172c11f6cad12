/**
 * The app's one TanStack Query API: the shell, the remotes and the shared packages import it from
 * here (`@promo/domain/query`), never from @tanstack/react-query itself (eslint enforces it outside
 * tests, which may use the package directly: it is the same module there).
 *
 * Why a facade: Module Federation shares a package whole, because the provider cannot know what a
 * consumer will use, so sharing @tanstack/react-query sent all of it (infinite and parallel queries,
 * suspense hooks, hydration boundaries, prefetching: 2.3 KB gzip) to every page with data. Shared as
 * this one module instead, the package is bundled inside it and tree-shaken down to the names below,
 * and there is still exactly one QueryClient class and one React context for the shell and the
 * remotes (docs/decisions/049-react-query-through-a-facade.md). Add a name here when a screen needs it.
 */
import { useQuery as useQueryAtOnce, type QueryClient } from '@tanstack/react-query';
import { useDeferredValue } from 'react';

export {
  QueryClient,
  QueryClientProvider,
  dehydrate,
  // The shell's offline persister (@tanstack/query-persist-client-core) restores the cache with it;
  // rsbuild.base.ts points that package's query-core import here.
  hydrate,
  keepPreviousData,
  mutationOptions,
  queryOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
export type * from '@tanstack/react-query';

/**
 * TanStack Query's useQuery, except that a query's first answer renders in slices.
 *
 * A result reaches React through useSyncExternalStore, which React renders at once, in one task it
 * cannot split. When a page's data first arrives, that render is the page's whole content: on the
 * tracking view, one task of about 110 ms at 4x CPU on a cold load (docs/performance.md). Here the
 * arrival's own render still draws the loading state, which costs little, and the answer renders
 * next as a transition, which React splits into slices between which the browser paints and
 * answers input.
 *
 * Only the first answer waits. Once a query has data, a change to it (a choice the person made,
 * shown at once by an optimistic update, or fresh data) renders at once as before: a controlled
 * input bound to query data must never show its old value after the person changed it. A result
 * that already has data when the component mounts (a return visit's cache) renders at once too.
 */
export const useQuery = function useQuery(
  options: Parameters<typeof useQueryAtOnce>[0],
  queryClient?: QueryClient,
) {
  const result = useQueryAtOnce(options, queryClient);
  // The pending result is what stays on screen until the answer's transition renders; an answered
  // query defers nothing (a constant), so its later changes cost no second render.
  const shownWhilePending = useDeferredValue(result.isPending ? result : undefined);
  return shownWhilePending && !result.isPending ? shownWhilePending : result;
} as typeof useQueryAtOnce;
