import { failedLoadMessage } from '@promo/domain/http/failure-kind.rules';
import type { ReactElement } from 'react';
import { Spinner } from '../spinner/spinner';
import { QueryError, refetchAll } from './query-error';

/** What the gate reads of a query: TanStack Query's result has all of it. */
export interface GatedQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  refetch: () => Promise<unknown>;
}

type GatedQueries = Readonly<Record<string, GatedQuery<unknown>>>;

/** Each query's data once every one has answered. */
type LoadedData<Q extends GatedQueries> = { [K in keyof Q]: Exclude<Q[K]['data'], undefined> };

export type QueryGate<Q extends GatedQueries> =
  { ready: true; data: LoadedData<Q> } | { ready: false; element: ReactElement };

interface QueryGateOptions {
  /** What could not be loaded, as the error's heading ("Your account could not be loaded"). */
  failedTitle: string;
  /**
   * The way out in the screen's own words; without it, what the first failure calls for
   * (failedLoadMessage: only a request that got no answer asks to check the connection).
   */
  failedMessage?: string;
  /** The spinner's words while the queries load. */
  loadingLabel?: string;
  /**
   * A failed refresh keeps what is already on screen (a form with answers in it): the error shows
   * only for a query that has nothing to show.
   */
  keepShown?: boolean;
}

/**
 * The error state of a part that waits on `queries`, or null while none has failed: announced, with
 * the cause in words and a retry that loads every one of them again, disabled while it is on its way.
 */
export function queryFailure(
  queries: GatedQueries,
  { failedTitle, failedMessage, keepShown = false }: QueryGateOptions,
): ReactElement | null {
  const all = Object.values(queries);
  const failed = all.find((query) => query.isError && !(keepShown && query.data !== undefined));
  if (!failed) return null;
  return (
    <QueryError
      title={failedTitle}
      message={failedMessage ?? failedLoadMessage(failed.error)}
      onRetry={refetchAll(...all)}
      retrying={all.some((query) => query.isFetching)}
    />
  );
}

/**
 * The one screen-state gate: what a screen shows until the queries it waits on have all answered
 * (a spinner, then the error state of queryFailure), or their data, ready. A screen returns the
 * element while the gate is not ready:
 *
 *   const gate = queryGate({ account }, { failedTitle: 'Your account could not be loaded' });
 *   if (!gate.ready) return gate.element;
 */
export function queryGate<Q extends GatedQueries>(queries: Q, options: QueryGateOptions): QueryGate<Q> {
  if (Object.values(queries).some((query) => query.isPending)) {
    return { ready: false, element: <Spinner label={options.loadingLabel} /> };
  }
  const failure = queryFailure(queries, options);
  if (failure) return { ready: false, element: failure };
  const data = Object.fromEntries(Object.entries(queries).map(([name, query]) => [name, query.data]));
  return { ready: true, data: data as LoadedData<Q> };
}
