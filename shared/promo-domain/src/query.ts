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
import { useQuery as useQueryNow, type QueryClient } from '@tanstack/react-query';
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
 * TanStack Query's useQuery, its result deferred (useDeferredValue). A query's result reaches React
 * through useSyncExternalStore, and React renders such an update at once, in one task it cannot
 * split: when a page's data arrived, the render of its whole content was one task of 50-110 ms at
 * 4x CPU (docs/performance.md). Deferred, the update's own render draws the component with the
 * result it had, which costs little, and the new result renders next at a lower priority, in
 * slices between which the browser paints and answers input. A first render takes the result as
 * it is: there is nothing older to show.
 */
export const useQuery = function useQuery(
  options: Parameters<typeof useQueryNow>[0],
  queryClient?: QueryClient,
) {
  return useDeferredValue(useQueryNow(options, queryClient));
} as typeof useQueryNow;
