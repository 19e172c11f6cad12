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

/** A text field's value as the form sent it ('' for a missing field). */
function fieldText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
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
  // The action reads what the form holds as it is sent, not what its render saw: React hands the
  // form a new action only once that render's effects have run, and a Confirm pressed in between
  // (just as the verification arrived, or straight after typing) went to the one before, which saw
  // the page not ready or the fields empty and dropped it. Confirm is disabled until `ready`.
  const [error, submit, pending] = useActionState(async (last: unknown, form: FormData) => {
    const typed = fieldText(form, 'password');
    if (!canConfirmPassword(typed, fieldText(form, 'confirmPassword'))) return last;
    try {
      await setPassword(typed);
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
