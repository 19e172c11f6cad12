import { errorMessage } from '@promo/domain/http/http-client';
import { resetPassword } from '@promo/domain/public/public.api';
import { useNotify } from '@promo/ui/notifications';
import { offlineAction } from '@promo/ui/server-action';
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
    // Offline, or cut off on the way: the form says so beside Confirm (SetPasswordForm's `error`)
    // and keeps both passwords.
    ...offlineAction({
      send: (password: string) => resetPassword({ email, hash, password }),
      onFailure: (error) => notify('error', errorMessage(error, 'Reset password failed. Please try again.')),
    }),
    onSuccess: (_answer, password) => {
      notify('success', 'Password reset successfully.');
      onPasswordSet(password);
    },
  });
}
