import { errorMessage } from '@promo/domain/http';
import { login, sessionQueries } from '@promo/domain/session';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { TextField } from '@promo/ui/text-field';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import styles from './sign-in-form.module.css';

/** Email and password sign-in (spec §2 "Login"; messages from §8). */
export function SignInForm() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const signIn = useMutation({
    mutationFn: () => login({ email: email.trim(), password }),
    onSuccess: async () => {
      notify('success', 'Successfully login.');
      await queryClient.invalidateQueries({ queryKey: sessionQueries.all() });
      void navigate('/', { replace: true });
    },
    onError: (error) => notify('error', errorMessage(error, 'Login failed. Please try again.')),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!signIn.isPending) signIn.mutate();
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
        adornment={
          <Button
            variant="secondary"
            aria-pressed={showPassword}
            aria-label={showPassword ? 'Hide password' : 'Show password'}
            onClick={() => setShowPassword((shown) => !shown)}
          >
            {showPassword ? 'Hide' : 'Show'}
          </Button>
        }
      />
      <Button type="submit" block disabled={signIn.isPending || email.trim() === '' || password === ''}>
        {signIn.isPending ? 'Signing in…' : 'Sign In'}
      </Button>
    </form>
  );
}
