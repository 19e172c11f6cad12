import { Button } from '@promo/ui/button';
import { Notice } from '@promo/ui/notice';
import { useState } from 'react';

/** The first session check failed with an answer other than a refusal (a server error, say). */
export default function SessionUnavailable({ onRetry }: { onRetry: () => Promise<unknown> }) {
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    // On success the gate opens and this unmounts; a failure leaves the notice for another try.
    void onRetry().finally(() => setRetrying(false));
  };
  return (
    <Notice tone="error" title="We could not check your sign-in">
      <p>The server did not answer as expected. Please try again in a moment.</p>
      <Button onClick={retry} disabled={retrying}>
        {retrying ? 'Trying again…' : 'Try again'}
      </Button>
    </Notice>
  );
}
