import { Spinner } from '@promo/ui/spinner';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@promo/ui/router';
import { signOut } from '../session/sign-out';

/**
 * /logout: turns this device's notifications off, signs out on the server, clears cached data
 * (query cache, its persisted copy, the offline store and anything of the user's in Cache Storage),
 * goes to /login. signOut never fails, so whatever breaks on the way, this page ends on /login; a
 * rep signed in through single sign-on goes by the identity provider's sign-out first, which
 * returns to /login.
 */
export function LogoutPage({
  leave = (url) => window.location.replace(url),
}: {
  /** Where the browser goes for the provider's sign-out; replaced in tests. */
  leave?: (url: string) => void;
}) {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(({ endSessionUrl }) => {
      if (endSessionUrl) leave(endSessionUrl);
      else void navigate('/login', { replace: true });
    });
  }, [navigate, leave]);

  return <Spinner label="Signing out…" />;
}
