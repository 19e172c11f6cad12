import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import type { Session } from '@promo/domain/types';
import { QueryClient } from '@tanstack/react-query';
import { notifyFailedOfflineActions } from '../offline/offline-action-notices';
import {
  discardPersistedQueries,
  RESTORE_TIMEOUT_MS,
  startQueryPersistence,
} from '../offline/query-persistence';
import { withinTime } from '../offline/within-time';
import { shownKeptQueries } from '../offline/shown-queries';
import { offlineStore, SESSION_KEY } from '../offline/offline-store';

/** The one QueryClient of the app (remotes reach it through provideQueryClient in bootstrap.tsx). */
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

/** The app's QueryClient and what the shell watches of it (loaded by query-access.ts). */
export interface QueryRuntime {
  client: QueryClient;
  /** The kept queries on screen now, as a string (the offline indicator's "as at"). */
  shownSnapshot: (session: Session) => string;
  /** Tells `onChange` whenever the query cache changes; returns the unsubscribe function. */
  subscribe: (onChange: () => void) => () => void;
  /** Logout: stops and forgets every query and the persisted copy. */
  discard: () => Promise<void>;
}

/** The shell's watchers over a QueryClient: the offline indicator's view, the offline action toasts. */
export function queryRuntimeFor(client: QueryClient): QueryRuntime {
  notifyFailedOfflineActions(client);
  return {
    client,
    shownSnapshot: (session) => shownKeptQueries(client, session),
    subscribe: (onChange) => client.getQueryCache().subscribe(onChange),
    discard: async () => {
      await client.cancelQueries();
      client.clear();
      await discardPersistedQueries();
    },
  };
}

async function readCachedSession(): Promise<Session | undefined> {
  try {
    return await withinTime(offlineStore.get<Session>(SESSION_KEY), RESTORE_TIMEOUT_MS);
  } catch {
    return undefined;
  }
}

/**
 * Creates the app's one QueryClient. Before any page renders with it, the last-fetched promotions and
 * progress of the cached session's user are restored, so an offline start shows them at once.
 */
export async function startQueryRuntime(): Promise<QueryRuntime> {
  const client = createQueryClient();
  await startQueryPersistence(client, await readCachedSession());
  return queryRuntimeFor(client);
}
