import { useSessionState } from '@promo/domain/session';
import { hasSessionEnded } from '@promo/domain/session-rules';
import type { Session } from '@promo/domain/types';
import { Spinner } from '@promo/ui/spinner';
import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useNavigate } from '@promo/ui/router';
import { ErrorPage } from '../pages/error-page';

/**
 * Holds the routes until the session is known, and watches the 5-minute re-check: a signed-in
 * user whose session comes back anonymous is sent to /logout (spec §4).
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { status, session } = useSessionState();
  const previous = useRef<Session | undefined>(undefined);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!session) return;
    // On /logout the session turns anonymous on purpose; that is not an expiry to act on.
    if (pathname !== '/logout' && hasSessionEnded(previous.current, session))
      void navigate('/logout', { replace: true });
    previous.current = session;
  }, [session, navigate, pathname]);

  if (status === 'pending') return <Spinner />;
  if (status === 'error') return <ErrorPage />;
  return children;
}
