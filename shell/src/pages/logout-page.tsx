import { logout, sessionQueries } from '@promo/domain/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session-rules';
import { Spinner } from '@promo/ui/spinner';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from '@promo/ui/router';
import { discardPersistedQueries } from '../offline/query-persistence';
import { purgeUserCaches } from '../offline/purge-user-caches';
import { offlineStore } from '../session/offline-store';

/**
 * /logout: signs out on the server, clears cached data (query cache, its persisted copy, the offline
 * store and anything of the user's in Cache Storage), goes to /login.
 */
export function LogoutPage() {
  const queryClient = useQueryClient();
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
      await queryClient.cancelQueries();
      queryClient.clear();
      const cleared = await Promise.allSettled([
        discardPersistedQueries(),
        offlineStore.clear(),
        purgeUserCaches(),
      ]);
      for (const result of cleared)
        if (result.status === 'rejected')
          console.error('Some cached data could not be cleared.', result.reason);
      queryClient.setQueryData(sessionQueries.current().queryKey, ANONYMOUS_SESSION);
      void navigate('/login', { replace: true });
    })();
  }, [navigate, queryClient]);

  return <Spinner label="Signing out…" />;
}
