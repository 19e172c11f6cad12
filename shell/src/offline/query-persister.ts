import { queryKeys } from '@promo/domain/query-keys';
import { currentSession as sessionStore } from '@promo/domain/session/session';
import { isSignedIn } from '@promo/domain/session/session.rules';
import type { Session } from '@promo/domain/types';
import {
  persistQueryClientRestore,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core';
import { dehydrate, type DehydratedState, type QueryClient, type QueryKey } from '@promo/domain/query';
import type { OfflineStore } from './offline-store';

/*
 * The query cache's offline copy, so the last-fetched promotions and progress show with no
 * network: TanStack Query's dehydrated state, restored by its persister
 * (@tanstack/query-persist-client-core: hydrate, a maximum age and a "buster") from the offline
 * store ('promotion-pwa', idb-keyval with a localStorage fallback). What is ours: which queries are
 * kept and for whom, when the copy is written (a closing page included), and that it outlives the
 * cache's garbage collection.
 *
 * The session is not in here: it has its own cache (configureSessionCache in bootstrap.tsx), and a
 * persisted session query would answer a start online without asking the server (docs/product-rules.md, 'Session').
 */

/** The offline store's key for the persisted queries. */
export const PERSISTED_QUERIES_KEY = 'query-cache';
/** Bumped when a persisted shape changes, so an older copy is dropped rather than misread. */
const PERSIST_VERSION = 2;
/** Older data is dropped: offline, the app says "as at"; a week-old snapshot is no longer useful. */
export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Queries that settle together are saved in one write, a moment after the first of them: soon
 * enough that a reload straight after the data arrives finds it saved.
 */
export const PERSIST_DELAY_MS = 50;
/**
 * The most queries kept (the most recently fetched win): a rep who pages through many customer
 * lists should not grow the offline store without end.
 */
export const PERSIST_MAX_QUERIES = 80;

type DehydratedQuery = DehydratedState['queries'][number];

/**
 * The restore's cost, as User Timing measures a benchmark (or the browser's performance panel)
 * reads: reading the copy from the offline store, and putting it into the query cache.
 */
const RESTORE_MEASURES = {
  read: 'ezy-offline-copy-read',
  hydrate: 'ezy-offline-copy-hydrate',
} as const;
const RESTORE_READ_MARK = 'ezy-offline-copy-was-read';

function measureRestore(start: number): void {
  const read = performance.getEntriesByName(RESTORE_READ_MARK, 'mark').at(-1)?.startTime;
  if (read === undefined) return;
  performance.measure(RESTORE_MEASURES.read, { start, end: read });
  performance.measure(RESTORE_MEASURES.hydrate, { start: read, end: performance.now() });
}

/**
 * The copy's "buster": the shape's version and whose data it is (role and user id). The persister
 * drops a copy whose buster is not the restoring user's, so another user's copy is never restored.
 */
export const persistedFor = (session: Session) => `${PERSIST_VERSION}:${session.role}:${session.userid}`;

const sameKey = (a: QueryKey, b: QueryKey) => JSON.stringify(a) === JSON.stringify(b);

/**
 * What is kept for offline use, for a signed-in user only:
 * - everyone: the promotions (list and details) and the divisions' names and logos (My Account and
 *   the tracking view's tiles show them);
 * - a customer: their own account, which carries their progress (never another customer's);
 * - a rep: the branch list, the customer counts and customer-list pages they opened, and the
 *   customers they viewed, so the rep's screens open offline too. The copy is the rep's own (see
 *   `persistedFor`), is never restored for another user, and logout deletes it.
 */
export function isPersistedQuery(queryKey: QueryKey, session: Session | undefined): boolean {
  if (!session || !isSignedIn(session)) return false;
  if (queryKey[0] === queryKeys.promotions()[0]) return true;
  if (sameKey(queryKey.slice(0, 2), queryKeys.divisionDetails())) return true;
  if (session.role === 'rep') {
    return (
      queryKey[0] === queryKeys.rep()[0] ||
      sameKey(queryKey, queryKeys.branches()) ||
      sameKey(queryKey.slice(0, 2), queryKeys.accountDetails())
    );
  }
  return (
    session.role === 'customer' &&
    session.accountid !== undefined &&
    sameKey(queryKey, queryKeys.accountDetail(session.accountid))
  );
}

/** The `limit` most recently fetched queries, in their original order. */
function newest(queries: DehydratedQuery[], limit: number): DehydratedQuery[] {
  if (queries.length <= limit) return queries;
  const kept = new Set(
    queries.toSorted((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt).slice(0, limit),
  );
  return queries.filter((query) => kept.has(query));
}

export interface QueryPersister {
  /** Puts the persisted queries of this session's user back into the cache; true if it did. */
  restore: (session: Session | undefined) => Promise<boolean>;
  /** Saves whenever a kept query or the session changes; returns the unsubscribe function. */
  subscribe: () => () => void;
  /** Saves now (the page is being hidden) and resolves once the copy is written. */
  flush: () => Promise<void>;
  /**
   * The page is going away (pagehide): a save still waiting or under way is written before this
   * returns (the offline store's setBeforeUnload), as no write begun now would finish.
   */
  saveBeforeUnload: () => void;
  /** Forgets everything kept (logout). */
  discard: () => Promise<void>;
}

export interface QueryPersisterOptions {
  queryClient: QueryClient;
  store: OfflineStore;
  delayMs?: number;
}

/**
 * The last-fetched copy of each kept query, by query hash, and whose they are. A query the cache
 * garbage-collects (unobserved for gcTime) stays here, so a page not visited for a while is still
 * there offline.
 */
function createKeptQueries(queryClient: QueryClient) {
  let kept = new Map<string, DehydratedQuery>();
  let keptFor: string | undefined;
  const replace = (queries: DehydratedQuery[], buster: string | undefined) => {
    kept = new Map(queries.map((query) => [query.queryHash, query]));
    keptFor = buster;
  };
  return {
    forget: () => replace([], undefined),
    /** What a restore put back, kept as it was saved; the number of queries. */
    keepRestored(session: Session): number {
      const { queries } = dehydrate(queryClient, {
        shouldDehydrateQuery: (query) => isPersistedQuery(query.queryKey, session),
      });
      replace(queries, persistedFor(session));
      return queries.length;
    },
    /**
     * The copy to keep now: every kept query that succeeded, merged into the kept ones, the oldest
     * dropped. Built at once (no awaiting), so that a closing page can still write it. Undefined
     * when no one is signed in, whose copy is then forgotten.
     */
    snapshot(): PersistedClient | undefined {
      const session = sessionStore.get().session;
      if (!session || !isSignedIn(session)) {
        replace([], undefined);
        return undefined;
      }
      const buster = persistedFor(session);
      if (keptFor !== buster) replace([], buster);
      const timestamp = Date.now();
      const { queries: current } = dehydrate(queryClient, {
        shouldDehydrateQuery: (query) =>
          query.state.status === 'success' && isPersistedQuery(query.queryKey, session),
        shouldDehydrateMutation: () => false,
      });
      for (const query of current) kept.set(query.queryHash, query);
      const queries = newest(
        [...kept.values()].filter((query) => timestamp - query.state.dataUpdatedAt <= PERSIST_MAX_AGE_MS),
        PERSIST_MAX_QUERIES,
      );
      replace(queries, buster);
      return { buster, timestamp, clientState: { mutations: [], queries } };
    },
  };
}

/**
 * The copy's writes: one after another, so an older copy never lands after a newer one, and a burst
 * of changes is one write, delayMs after the first.
 */
function createWriteQueue(save: () => Promise<void>, delayMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let writes: Promise<void> = Promise.resolve();
  // Writes started and not yet done: at pagehide, one still under way would be lost with the page.
  let unwritten = 0;
  const cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const write = (): Promise<void> => {
    cancel();
    unwritten += 1;
    writes = writes
      .then(save)
      .catch((error: unknown) => console.warn('The offline copy of your data was not saved.', error))
      .finally(() => {
        unwritten -= 1;
      });
    return writes;
  };
  return {
    schedule: (): void => {
      timer ??= setTimeout(() => void write(), delayMs);
    },
    /** Writes now what is scheduled; else waits for the writes under way. */
    flush: () => (timer === undefined ? writes : write()),
    /** Whether a write is scheduled or under way. */
    pending: () => timer !== undefined || unwritten > 0,
    /** Drops the scheduled write. */
    cancel,
    /** Runs a step of its own after the writes under way. */
    after: (step: () => unknown, failure: string): Promise<void> => {
      writes = writes
        .then(async () => {
          await step();
        })
        .catch((error: unknown) => console.warn(failure, error));
      return writes;
    },
  };
}

export function createQueryPersister({
  queryClient,
  store,
  delayMs = PERSIST_DELAY_MS,
}: QueryPersisterOptions): QueryPersister {
  const kept = createKeptQueries(queryClient);
  // The session whose copy restore reads (the cached one, before the session is checked).
  let restoringFor: Session | undefined;
  // Counts discards: a restore that a discard overtook (a slow read, a sign-out meanwhile) must not
  // put the signed-out user's data back.
  let discards = 0;

  /** TanStack Query's persister interface over the offline store; restore is what it is used for. */
  const persister: Persister = {
    persistClient: (client) => store.set(PERSISTED_QUERIES_KEY, client),
    restoreClient: async () => {
      const client = await store.get<PersistedClient>(PERSISTED_QUERIES_KEY);
      performance.mark(RESTORE_READ_MARK);
      if (!client?.clientState) return client;
      const queries = client.clientState.queries.filter((query) =>
        isPersistedQuery(query.queryKey, restoringFor),
      );
      return { ...client, clientState: { mutations: [], queries } };
    },
    removeClient: () => store.del(PERSISTED_QUERIES_KEY),
  };

  const writes = createWriteQueue(async () => {
    const client = kept.snapshot();
    await (client ? persister.persistClient(client) : persister.removeClient());
  }, delayMs);

  return {
    restore: async (session) => {
      if (!session || !isSignedIn(session)) {
        await persister.removeClient();
        return false;
      }
      restoringFor = session;
      const discardsBefore = discards;
      const start = performance.now();
      await persistQueryClientRestore({
        queryClient,
        persister,
        maxAge: PERSIST_MAX_AGE_MS,
        buster: persistedFor(session),
      });
      measureRestore(start);
      if (discards !== discardsBefore) {
        queryClient.clear();
        return false;
      }
      // What was restored is kept as it was saved, even once the cache garbage-collects it.
      return kept.keepRestored(session) > 0;
    },
    subscribe: () => {
      const fromQueries = queryClient.getQueryCache().subscribe((event) => {
        if (event.type === 'added' || (event.type === 'updated' && event.action.type === 'success'))
          writes.schedule();
      });
      // A session that turns anonymous (or another user) drops the copy at the next save.
      const fromSession = sessionStore.subscribe(writes.schedule);
      return () => {
        fromQueries();
        fromSession();
      };
    },
    flush: writes.flush,
    saveBeforeUnload: () => {
      if (!writes.pending()) return;
      writes.cancel();
      const client = kept.snapshot();
      if (client) store.setBeforeUnload(PERSISTED_QUERIES_KEY, client);
    },
    discard: () => {
      discards += 1;
      writes.cancel();
      kept.forget();
      // After any write under way, so that a copy being written as the user signs out is removed too.
      return writes.after(() => persister.removeClient(), 'The offline copy of your data was not removed.');
    },
  };
}
