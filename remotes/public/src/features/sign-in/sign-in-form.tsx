import { errorMessage } from '@promo/domain/http/http-client';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { TextField } from '@promo/ui/text-field';
import { useActionState, useState } from 'react';
import { isTooManyAttempts, TooManyAttempts } from '../../too-many-attempts/too-many-attempts';
import { PasswordVisibilityToggle } from './password-visibility-toggle';
import styles from './sign-in-form.module.css';
import { useSignIn } from '../../session/use-sign-in';

/**
 * Email and password sign-in. What was typed stays on failure; too many attempts are told in place,
 * with the wait (docs/product-rules.md, "Too many attempts").
 */
export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const notify = useNotify();
  const signIn = useSignIn();
  // The last attempt's failure (too many attempts is told in the form); undefined once one succeeds.
  const [failure, submit, isPending] = useActionState(async (last: unknown) => {
    if (email.trim() === '' || password === '') return last;
    try {
      await signIn({ email: email.trim(), password });
      notify('success', 'Successfully login.');
      return undefined;
    } catch (error) {
      if (!isTooManyAttempts(error)) notify('error', errorMessage(error, 'Login failed. Please try again.'));
      return error;
    }
  }, undefined);

  return (
    <form className={styles.form} action={submit} noValidate>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="username"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <TextField
        label="Password"
        type={showPassword ? 'text' : 'password'}
        name="password"
        autoComplete="current-password"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        adornment={<PasswordVisibilityToggle shown={showPassword} onToggle={setShowPassword} />}
      />
      <TooManyAttempts
        error={failure}
        fallback="Too many sign-in attempts. Please wait a few minutes and try again."
      />
      <Button type="submit" block disabled={isPending || email.trim() === '' || password === ''}>
        {isPending ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}
