import { Spinner } from '@promo/ui/spinner';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@promo/ui/router';
import { signOut } from '../session/sign-out';

/**
 * /logout: turns this device's notifications off, signs out on the server, clears cached data
 * (query cache, its persisted copy, the offline store and anything of the user's in Cache Storage),
 * goes to /login. signOut never fails, so
 * whatever breaks on the way, this page ends on /login.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void signOut().then(() => navigate('/login', { replace: true }));
  }, [navigate]);

  return <Spinner label="Signing out…" />;
}
