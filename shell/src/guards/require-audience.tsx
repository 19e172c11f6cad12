import type { Audience } from '@promo/domain/paths';
import { homePathFor, isSignedIn } from '@promo/domain/session-rules';
import type { ReactNode } from 'react';
import { Navigate } from '@promo/ui/router';
import { useSession } from '@promo/domain/session';

/**
 * docs/product-rules.md, 'Routes and guards': a signed-out visitor on a guarded page goes to /login; a signed-in user of the
 * wrong role goes to their own home (/salesrep or /); guest pages send signed-in users to /.
 * Runs before the remote loads, so a refused audience never downloads the remote.
 */
export function RequireAudience({ audience, children }: { audience: Audience; children: ReactNode }) {
  const session = useSession();
  if (audience === 'open') return children;
  if (audience === 'guest') return isSignedIn(session) ? <Navigate to="/" replace /> : children;
  if (!isSignedIn(session)) return <Navigate to="/login" replace />;
  if (audience === 'customer' && session.role !== 'customer')
    return <Navigate to={homePathFor(session)} replace />;
  if (audience === 'rep' && session.role !== 'rep') return <Navigate to={homePathFor(session)} replace />;
  return children;
}
