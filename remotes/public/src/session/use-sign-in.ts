import { currentSession, login } from '@promo/domain/session/session';
import { useNavigate } from '@promo/ui/router';
import { useCallback } from 'react';

/**
 * Signs in (password or single sign-on) and goes to /: the sign-in form, the SSO callback and the
 * set-password pages all end this way, so it lives beside the features, not in one of them. The
 * session is checked again first, so the shell's guards already know the new role when the page
 * changes (a rep then goes on to /salesrep).
 * A plain async function for the callers' React actions (useActionState, a transition), which hold
 * its pending and error states; each caller adds its own messages. Query-free: the login page never
 * loads TanStack Query (docs/decisions/002-session-store.md).
 */
export function useSignIn() {
  const navigate = useNavigate();
  return useCallback(
    async (body: Parameters<typeof login>[0]) => {
      const info = await login(body);
      // Signed in either way: a failed check leaves it to the shell's next one.
      await currentSession.check().catch(() => undefined);
      await navigate('/', { replace: true });
      return info;
    },
    [navigate],
  );
}
