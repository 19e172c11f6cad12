import { Suspense, type ReactNode } from 'react';
import { ErrorBoundary } from './error-boundary';
import { ScreenFailure } from './screen-failure';

/**
 * A part of a screen whose code is a chunk of its own, fetched when it is first shown: `fallback`
 * while the chunk comes, and where it cannot come, `failedTitle` with the way out (a failed chunk
 * stays failed in React.lazy, so reloading the page is what helps).
 */
export function LazyPart({
  failedTitle,
  fallback = null,
  children,
}: {
  failedTitle: string;
  fallback?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      fallbackRender={({ error, resetErrorBoundary }) => (
        <ScreenFailure
          error={error}
          loadTitle={failedTitle}
          loadMessage="Check your connection and reload the page."
          afterLoadFailure="reload"
          onRetry={resetErrorBoundary}
        />
      )}
    >
      <Suspense fallback={fallback}>{children}</Suspense>
    </ErrorBoundary>
  );
}
