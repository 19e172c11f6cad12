import { errorMessage } from '@promo/domain/http/http-client';
import { resetPassword } from '@promo/domain/public/public.api';
import { useNotify } from '@promo/ui/notifications';
import { useNavigate } from '@promo/ui/router';
import { isConnectionFailure, whileOnline } from '@promo/ui/server-action';
import { useSignIn } from '../../session/use-sign-in';

/**
 * Sets the password with the link's hash (POST /user/reset/password), says so, then signs in with
 * the new password and goes to / (docs/product-rules.md, 'Set password'); a failed sign-in says so
 * and goes to /login. Refused at once while offline. A failure to set the password is thrown for
 * the form (SetPasswordForm), which says beside Confirm when the connection was the cause and keeps
 * both passwords; any other is told here with the server's text.
 */
export function useSetPassword({ email, hash }: { email: string; hash: string }) {
  const notify = useNotify();
  const navigate = useNavigate();
  const signIn = useSignIn();
  return async (password: string) => {
    try {
      await whileOnline(resetPassword)({ email, hash, password });
    } catch (error) {
      if (!isConnectionFailure(error))
        notify('error', errorMessage(error, 'Reset password failed. Please try again.'));
      throw error;
    }
    notify('success', 'Password reset successfully.');
    try {
      await signIn({ email, password });
    } catch (error) {
      notify('error', errorMessage(error, 'Login failed. Please try again.'));
      await navigate('/login', { replace: true });
    }
  };
}
