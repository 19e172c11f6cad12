import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Notice } from '../notice/notice';

/** What most failed loads say: the request did not get through, and a retry may. */
export const CHECK_CONNECTION = 'Check your connection and try again.';

/** A retry for a screen that waits on several queries: refetches them all at once. */
export function refetchAll(...queries: { refetch: () => Promise<unknown> }[]): () => Promise<unknown> {
  return () => Promise.all(queries.map((query) => query.refetch()));
}

export interface QueryErrorProps {
  /** What could not be loaded, as the heading ("Your account could not be loaded"). */
  title: string;
  /** The way out in words; the connection hint unless the screen knows better. */
  message?: ReactNode;
  /** Loads again what failed: a query's refetch, or several at once. */
  onRetry: () => unknown;
  /** The retry button waits while a retry is on its way (a query's isFetching). */
  retrying?: boolean;
  retryLabel?: string;
}

/**
 * The one error state for something that could not be loaded: announced (the notice is an alert),
 * with a retry button that takes the focus like any other.
 */
export function QueryError({
  title,
  message = CHECK_CONNECTION,
  onRetry,
  retrying = false,
  retryLabel = 'Try again',
}: QueryErrorProps) {
  return (
    <Notice tone="error" title={title}>
      <p>{message}</p>
      <Button onClick={() => void onRetry()} disabled={retrying}>
        {retryLabel}
      </Button>
    </Notice>
  );
}
