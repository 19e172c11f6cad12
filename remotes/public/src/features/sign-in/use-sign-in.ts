import { currentSession, login } from '@promo/domain/session';
import { useNavigate } from '@promo/ui/router';
import { useServerAction } from '@promo/ui/server-action';

/**
 * Signs in (password or single sign-on) and goes to /. The session is checked again first, so the
 * shell's guards already know the new role when the page changes (a rep then goes on to /salesrep).
 * Each caller adds its own messages. Query-free: the login page never loads TanStack Query.
 */
export function useSignIn() {
  const navigate = useNavigate();
  return useServerAction(
    async (body: Parameters<typeof login>[0]) => {
      const info = await login(body);
      // Signed in either way: a failed check leaves it to the shell's next one.
      await currentSession.check().catch(() => undefined);
      return info;
    },
    { onSuccess: () => void navigate('/', { replace: true }) },
  );
}
