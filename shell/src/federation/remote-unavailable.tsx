import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';

export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice tone="error" title="This section could not be loaded">
      <p>Check your connection and try again. The rest of the app still works.</p>
      <Button onClick={onRetry}>Try again</Button>
    </Notice>
  );
}
