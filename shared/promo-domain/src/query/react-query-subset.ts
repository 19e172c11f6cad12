/**
 * What the apps use of TanStack Query, provided to Module Federation's share scope under the name
 * '@tanstack/react-query' (rsbuild.base.ts). App code keeps importing '@tanstack/react-query' (its
 * eslint rules know that name); the builds hand them this module instead.
 *
 * Why: a shared package is provided whole, because the provider cannot know what a consumer will
 * use, so react-query and query-core went to every page in full (14.1 KB gzip, two requests).
 * Provided as this module, both are bundled inside it and tree-shaken to the names below (10.4 KB,
 * one request), and there is still one QueryClient context for the shell and the remotes.
 * scripts/react-query-subset.test.ts fails when app code imports a name that is missing here.
 */
export {
  dehydrate,
  hydrate,
  keepPreviousData,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@promo/tanstack-react-query';
