import { getSsoConsentUrl } from '@promo/domain/public-api';
import { Button } from '@promo/ui/button';
import { useServerAction } from '@promo/ui/server-action';

/**
 * Sales reps sign in through the company identity provider: ask the server for the consent URL and
 * send the browser there; it comes back to /auth0/callback. A failure of this call is only
 * logged; the button is usable again at once.
 */
export function SsoSignInButton({
  redirect = (url) => window.location.assign(url),
}: {
  /** Where the browser goes; replaced in tests. */
  redirect?: (url: string) => void;
}) {
  const consent = useServerAction(getSsoConsentUrl, {
    onSuccess: ({ consentUrl }) => redirect(consentUrl),
    onError: (error) => console.error('Single sign-on could not start.', error),
  });
  return (
    <Button variant="secondary" block disabled={consent.isPending} onClick={() => consent.run(undefined)}>
      {consent.isPending ? 'Redirecting…' : 'Sign In with SSO'}
    </Button>
  );
}
