import { QueryError } from '@promo/ui/query-error';

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <QueryError
      title="This section could not be loaded"
      message="Check your connection and try again. The rest of the app still works."
      onRetry={onRetry}
    />
  );
}
