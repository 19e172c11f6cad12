import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import type { Session } from '@promo/domain/types';
import { QueryClient } from '@promo/domain/query';
import { notifyFailedOfflineActions } from '../offline/offline-action-notices';
import {
  discardPersistedQueries,
  RESTORE_TIMEOUT_MS,
  startQueryPersistence,
} from '../offline/query-persistence';
import { withinTime } from '../offline/within-time';
import { taskOfItsOwn } from '@promo/domain/http/task-of-its-own';
import { shownKeptQueries } from '../offline/shown-queries';
import { readSavedSession } from '../offline/saved-session';

/**
 * Whether data on screen is refetched as its page mounts. A return visit's first screen is drawn
 * from the offline copy, and refetching it then sent the page's requests, and re-rendered it with
 * their answers, before that screen had painted: the bootstrap holds refetches until the first
 * screen is up (holdRefetchesUntil), then refetches what is on screen and stale. A query with no
 * data loads as usual meanwhile. One flag for the app's one QueryClient.
 */
let refetchesHeld = false;

/** The one QueryClient of the app (remotes reach it through provideQueryClient in bootstrap.tsx). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        refetchOnMount: () => !refetchesHeld,
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
  /** Holds refetches on mount until `firstScreen` resolves, then refetches the stale ones on screen. */
  holdRefetchesUntil: (firstScreen: Promise<unknown>) => void;
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
    holdRefetchesUntil: (firstScreen) => {
      refetchesHeld = true;
      void firstScreen.then(async () => {
        refetchesHeld = false;
        // One query per task: a screen's refetches together (their requests sent, their fetches
        // started) were one long task with the other checks due at that moment. A query that
        // started fetching meanwhile keeps that fetch.
        for (const query of client.getQueryCache().findAll({ type: 'active', stale: true })) {
          await taskOfItsOwn();
          void client.refetchQueries(
            { queryKey: query.queryKey, exact: true, type: 'active', stale: true },
            { cancelRefetch: false },
          );
        }
      });
    },
  };
}

async function readCachedSession(): Promise<Session | undefined> {
  try {
    return await withinTime(readSavedSession(), RESTORE_TIMEOUT_MS);
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
