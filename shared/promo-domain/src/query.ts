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
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
export type * from '@tanstack/react-query';
