import { errorMessage } from '@promo/domain/http/http-client';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { TextField } from '@promo/ui/text-field';
import { useState, type FormEvent } from 'react';
import { isTooManyAttempts, TooManyAttempts } from '../../too-many-attempts/too-many-attempts';
import { PasswordVisibilityToggle } from './password-visibility-toggle';
import styles from './sign-in-form.module.css';
import { useSignIn } from './use-sign-in';

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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (signIn.isPending || email.trim() === '' || password === '') return;
    signIn.run(
      { email: email.trim(), password },
      {
        onSuccess: () => notify('success', 'Successfully login.'),
        onError: (error) => {
          if (!isTooManyAttempts(error))
            notify('error', errorMessage(error, 'Login failed. Please try again.'));
        },
      },
    );
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
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
        error={signIn.error}
        fallback="Too many sign-in attempts. Please wait a few minutes and try again."
      />
      <Button type="submit" block disabled={signIn.isPending || email.trim() === '' || password === ''}>
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}
