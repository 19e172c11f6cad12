import { canConfirmPassword } from '@promo/domain/validation/validation.rules';
import { Button } from '@promo/ui/button';
import { OfflineActionNotice } from '@promo/ui/server-action';
import { TextField } from '@promo/ui/text-field';
import { useActionState, useState } from 'react';
import styles from './set-password-form.module.css';

export interface SetPasswordFormProps {
  /** The password rule's text for this page (reset, or verify-email with the capital letter). */
  ruleText: string;
  /** False until the page may set a password (verify-email: until the email is verified). */
  ready?: boolean;
  /** Sets the password (useSetPassword); what it throws stays as the form's last error. */
  setPassword: (password: string) => Promise<void>;
}

/**
 * docs/product-rules.md, 'Set password' (reset and verify-email): password and confirmation, and Confirm, which is
 * disabled unless the password is non-empty and equals the confirmation. The server enforces
 * the rule itself; the text tells the person what it is.
 */
export function SetPasswordForm({ ruleText, ready = true, setPassword }: SetPasswordFormProps) {
  const [password, setPasswordText] = useState('');
  const [confirmation, setConfirmation] = useState('');
  // The last attempt's error: a connection failure shows the offline notice beside Confirm.
  const [error, submit, pending] = useActionState(async (last: unknown) => {
    if (!ready || !canConfirmPassword(password, confirmation)) return last;
    try {
      await setPassword(password);
      return undefined;
    } catch (failure) {
      return failure;
    }
  }, undefined);
  const canConfirm = ready && !pending && canConfirmPassword(password, confirmation);
  const mismatch = confirmation !== '' && password !== '' && confirmation !== password;

  return (
    <form className={styles.form} action={submit} noValidate>
      <TextField
        label="Password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        hint={ruleText}
        value={password}
        onChange={(event) => setPasswordText(event.target.value)}
      />
      <TextField
        label="Confirm Password"
        type="password"
        name="confirmPassword"
        autoComplete="new-password"
        required
        error={mismatch ? 'The passwords do not match.' : undefined}
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      <OfflineActionNotice error={error} />
      <Button type="submit" block disabled={!canConfirm}>
        {pending ? 'Saving…' : 'Confirm'}
      </Button>
    </form>
  );
}
