import { errorMessage } from '@promo/domain/http/http-client';
import { canSubmitForgotPassword } from '@promo/domain/public/public-forms.rules';
import { forgotPassword } from '@promo/domain/public/public.api';
import { Button } from '@promo/ui/button';
import { Dialog } from '@promo/ui/dialog';
import { useNotify } from '@promo/ui/notifications';
import { TextField } from '@promo/ui/text-field';
import { useActionState, useState } from 'react';
import { isTooManyAttempts, TooManyAttempts } from '../../too-many-attempts/too-many-attempts';
import styles from './forgot-password-form.module.css';

export const FORGOT_PASSWORD_CONFIRMATION =
  'If the provided email address is associated with an account, a password reset link has been sent.';

/**
 * docs/product-rules.md, 'Forgot password', the open dialog (ForgotPassword in forgot-password.tsx loads it when the
 * button is first used). Open: email, Submit (disabled while empty) and Cancel. Complete: the
 * confirmation and Back to Login. The answer is the same whether or not the address has an
 * account. Mounted afresh for each opening, so it always starts empty.
 */
export default function ForgotPasswordDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const notify = useNotify();
  const [request, submit, isPending] = useActionState(
    async (last: { complete: boolean; error?: unknown }) => {
      if (!canSubmitForgotPassword(email, false)) return last;
      try {
        await forgotPassword({ email: email.trim() });
        return { complete: true };
      } catch (error) {
        if (!isTooManyAttempts(error))
          notify('error', errorMessage(error, 'Error encountered. Please try again.'));
        return { complete: false, error };
      }
    },
    { complete: false },
  );

  const close = onClose;
  return (
    <>
      <Dialog open={open} onClose={close} title="Forgot Password">
        {request.complete ? (
          <>
            <p role="status">{FORGOT_PASSWORD_CONFIRMATION}</p>
            <Button block onClick={close}>
              Back to Login
            </Button>
          </>
        ) : (
          <form action={submit} noValidate>
            <p className={styles.lead}>
              Enter the email address you sign in with and we will send you a reset link.
            </p>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TooManyAttempts
              error={request.error}
              fallback="Too many password reset requests. Please wait a few minutes and try again."
            />
            <div className={styles.actions}>
              <Button type="submit" disabled={!canSubmitForgotPassword(email, isPending)}>
                {isPending ? 'Sending…' : 'Submit'}
              </Button>
              <Button variant="secondary" onClick={close}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
