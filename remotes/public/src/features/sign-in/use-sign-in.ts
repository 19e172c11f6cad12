import { login, sessionQueries } from '@promo/domain/session';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@promo/ui/router';

/**
 * Signs in (password or single sign-on) and goes to /. The session query is refetched first, so the
 * shell's guards already know the new role when the page changes (a rep then goes on to /salesrep).
 * Each caller adds its own messages (spec §8).
 */
export function useSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: login,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
      void navigate('/', { replace: true });
    },
  });
}
