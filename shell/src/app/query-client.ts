import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import { QueryClient } from '@tanstack/react-query';

/** The one QueryClient of the app; remotes reach it through the shell's provider. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // A 4xx (401 included: it already sent the browser to /logout) will not change on a retry.
        retry: (failureCount, error) =>
          failureCount < 2 &&
          (error instanceof NetworkError || (error instanceof ApiError && error.status >= 500)),
        refetchOnWindowFocus: false,
      },
      mutations: {
        // Offline, a mutation fails at once with NetworkError (and the shell says why) instead of
        // pausing silently until the network returns, possibly long after the user has left the page.
        networkMode: 'always',
      },
    },
  });
}
