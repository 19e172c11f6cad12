import { errorMessage } from '@promo/domain/http';
import { resetPassword } from '@promo/domain/public-api';
import { useNotify } from '@promo/ui/notifications';
import { useMutation } from '@tanstack/react-query';

/**
 * Sets the password with the link's hash (POST /user/reset/password) and reports it; the
 * page then signs in with the new password (docs/product-rules.md, 'Set password').
 */
export function useSetPassword({
  email,
  hash,
  onPasswordSet,
}: {
  email: string;
  hash: string;
  onPasswordSet: (password: string) => void;
}) {
  const notify = useNotify();
  return useMutation({
    mutationFn: (password: string) => resetPassword({ email, hash, password }),
    onSuccess: (_answer, password) => {
      notify('success', 'Password reset successfully.');
      onPasswordSet(password);
    },
    onError: (error) => notify('error', errorMessage(error, 'Reset password failed. Please try again.')),
  });
}
