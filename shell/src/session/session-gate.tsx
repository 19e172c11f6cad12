import { ApiError } from '@promo/domain/http';
import { currentSession, useSessionState } from '@promo/domain/session';
import { hasSessionEnded } from '@promo/domain/session-rules';
import type { Session } from '@promo/domain/types';
import { Spinner } from '@promo/ui/spinner';
import { lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from '@promo/ui/router';

// Its markup loads only when the check has failed: no start that works needs it.
const SessionUnavailable = lazy(() => import('./session-unavailable'));

const LOGOUT_PATH = '/logout';

/** The server refused the session (any 401 of the first check: /session/get or /user/get). */
const isRefused = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * Holds the routes until the session is known, and watches the 5-minute re-check: a signed-in
 * user whose session comes back anonymous is sent to /logout (docs/product-rules.md, 'Session').
 *
 * /logout is never held: signing out works whatever the session check said, so it is the way out of
 * every failure below. A first check the server refused (401) goes there and on to /login; any other
 * failed first check says so on the page, with a way to try again, and the header and menu still work.
 */
export function SessionGate({ children }: { children: ReactNode }) {
  const { status, session, error } = useSessionState();
  const previous = useRef<Session | undefined>(undefined);
  const navigate = useNavigate();
  const { pathname } = useLocation();

  useEffect(() => {
    if (!session) return;
    // On /logout the session turns anonymous on purpose; that is not an expiry to act on.
    if (pathname !== LOGOUT_PATH && hasSessionEnded(previous.current, session))
      void navigate(LOGOUT_PATH, { replace: true });
    previous.current = session;
  }, [session, navigate, pathname]);

  useEffect(() => {
    if (status === 'error') console.error('The session could not be checked.', error);
  }, [status, error]);

  if (pathname === LOGOUT_PATH) return children;
  if (status === 'pending') return <Spinner />;
  if (status === 'error') {
    if (isRefused(error)) return <Navigate to={LOGOUT_PATH} replace />;
    return (
      <Suspense fallback={<Spinner />}>
        <SessionUnavailable onRetry={() => currentSession.check().catch(() => undefined)} />
      </Suspense>
    );
  }
  return children;
}
