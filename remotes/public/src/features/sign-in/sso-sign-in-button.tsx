import { errorMessage } from '@promo/domain/http/http-client';
import { getSsoConsentUrl } from '@promo/domain/public/public.api';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { useTransition } from 'react';

/**
 * Sales reps sign in through the company identity provider: ask the server for the consent URL and
 * send the browser there; it comes back to /auth0/callback. A failure of this call is shown as any
 * failed call is (the server's reason, e.g. that single sign-on is not configured) and logged; the
 * button is usable again at once.
 */
export function SsoSignInButton({
  redirect = (url) => window.location.assign(url),
}: {
  /** Where the browser goes; replaced in tests. */
  redirect?: (url: string) => void;
}) {
  const notify = useNotify();
  // A React action: pending from the click until the consent URL is in hand or the call failed.
  const [isPending, startTransition] = useTransition();
  const start = () =>
    startTransition(async () => {
      try {
        const { consentUrl } = await getSsoConsentUrl();
        redirect(consentUrl);
      } catch (error) {
        console.error('Single sign-on could not start.', error);
        notify('error', errorMessage(error, 'Single sign-on could not start. Please try again.'));
      }
    });
  return (
    <Button variant="secondary" block disabled={isPending} onClick={start}>
      {isPending ? 'Redirecting…' : 'Sign In with SSO'}
    </Button>
  );
}
