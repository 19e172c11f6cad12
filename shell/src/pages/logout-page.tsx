import { currentSession, logout } from '@promo/domain/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session-rules';
import { Spinner } from '@promo/ui/spinner';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@promo/ui/router';
import { startedQueryRuntime } from '../app/query-access';
import { purgeUserCaches } from '../offline/purge-user-caches';
import { offlineStore } from '../session/offline-store';

/**
 * /logout: signs out on the server, clears cached data (query cache, its persisted copy, the offline
 * store and anything of the user's in Cache Storage), goes to /login.
 */
export function LogoutPage() {
  const navigate = useNavigate();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void (async () => {
      try {
        await logout();
      } catch (error) {
        // Spec §8: logout failures are only logged; the local sign-out goes ahead.
        console.error('Logout failed on the server.', error);
      }
      const cleared = await Promise.allSettled([
        startedQueryRuntime().then((runtime) => runtime?.discard()),
        offlineStore.clear(),
        purgeUserCaches(),
      ]);
      for (const result of cleared)
        if (result.status === 'rejected')
          console.error('Some cached data could not be cleared.', result.reason);
      currentSession.set(ANONYMOUS_SESSION);
      void navigate('/login', { replace: true });
    })();
  }, [navigate]);

  return <Spinner label="Signing out…" />;
}
