import { ScreenFailure } from '@promo/ui/error-boundary';

/**
 * In place of a remote's part of the page: a remote whose files did not arrive asks to check the
 * connection; one that crashed says something went wrong. Either way the rest of the app works.
 */
export function RemoteUnavailable({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <ScreenFailure
      error={error}
      loadTitle="This section could not be loaded"
      loadMessage="Check your connection and try again. The rest of the app still works."
      onRetry={onRetry}
    />
  );
}
