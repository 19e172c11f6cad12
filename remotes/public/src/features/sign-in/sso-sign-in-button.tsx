import { errorMessage } from '@promo/domain/http/http-client';
import { getSsoConsentUrl } from '@promo/domain/public/public.api';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { useServerAction } from '@promo/ui/server-action';

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
  const consent = useServerAction(getSsoConsentUrl, {
    onSuccess: ({ consentUrl }) => redirect(consentUrl),
    onError: (error) => {
      console.error('Single sign-on could not start.', error);
      notify('error', errorMessage(error, 'Single sign-on could not start. Please try again.'));
    },
  });
  return (
    <Button variant="secondary" block disabled={consent.isPending} onClick={() => consent.run(undefined)}>
      {consent.isPending ? 'Redirecting…' : 'Sign In with SSO'}
    </Button>
  );
}
