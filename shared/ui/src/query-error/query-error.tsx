import { CHECK_CONNECTION } from '@promo/domain/http/failure-kind.rules';
import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Notice } from '../notice/notice';

export { CHECK_CONNECTION };

/** A retry for a screen that waits on several queries: refetches them all at once. */
export function refetchAll(...queries: { refetch: () => Promise<unknown> }[]): () => Promise<unknown> {
  return () => Promise.all(queries.map((query) => query.refetch()));
}

export interface QueryErrorProps {
  /** What could not be loaded, as the heading ("Your account could not be loaded"). */
  title: string;
  /**
   * The way out in words: a screen passes `failedLoadMessage(query.error)`
   * (@promo/domain/http/failure-kind.rules), so only a request that got no answer asks the person to
   * check their connection; without one, the connection hint (the shell's own start-up failures).
   */
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
