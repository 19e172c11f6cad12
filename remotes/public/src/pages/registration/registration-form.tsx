import { ApiError } from '@promo/domain/http/http-client';
import {
  canSubmitRegistration,
  normaliseRegistration,
  type RegistrationValues,
} from '@promo/domain/public/public-forms.rules';
import { publicMutations } from '@promo/domain/public/public.queries';
import { paths } from '@promo/domain/paths';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { OfflineActionNotice, offlineAction } from '@promo/ui/server-action';
import { TextField } from '@promo/ui/text-field';
import { useMutation } from '@promo/domain/query';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from '@promo/ui/router';
import { useNavigateAfter } from '../../features/navigate-after/use-navigate-after';
import { isTooManyAttempts, TooManyAttempts } from '../../too-many-attempts/too-many-attempts';
import styles from './registration-form.module.css';

/** The success toast shows for 2 s, then the onboarding page. */
export const REGISTER_SUCCESS_MS = 2000;
/** A failure shows the server's text (or nothing) for 2.5 s. */
const REGISTER_FAILURE_MS = 2500;

const EMPTY: RegistrationValues = { firstname: '', surname: '', email: '', customerID: '' };

/**
 * docs/product-rules.md, 'Registration', for invited customers: first name, surname, email and customer ID; Submit is
 * disabled until all are filled; the email goes lowercased and the customer ID uppercased.
 */
export function RegistrationForm() {
  // An invitation's e-mail links here with its customer ID and address filled in.
  const [search] = useSearchParams();
  const [values, setValues] = useState<RegistrationValues>(() => ({
    ...EMPTY,
    email: search.get('email') ?? '',
    customerID: search.get('customerID') ?? '',
  }));
  const notify = useNotify();
  // Registered: the onboarding page once the success message has been read.
  const { done: registered, succeed } = useNavigateAfter(paths.registerOnboarding(), REGISTER_SUCCESS_MS);

  // Offline, or cut off on the way: the form says so beside Submit and keeps what was typed.
  const register = useMutation(
    offlineAction(publicMutations.signup(), {
      onSuccess: () => {
        succeed('User register successfully.');
      },
      onFailure: (error) => {
        // Shown in the form, for as long as the wait lasts.
        if (isTooManyAttempts(error)) return;
        // The server's text, or nothing; the failure is still logged.
        if (error instanceof ApiError && error.serverMessage)
          notify('error', error.serverMessage, REGISTER_FAILURE_MS);
        else console.error('Registration failed.', error);
      },
    }),
  );

  const busy = register.isPending || registered;
  const field = (name: keyof RegistrationValues) => ({
    name,
    value: values[name],
    required: true,
    disabled: registered,
    onChange: (event: { target: { value: string } }) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitRegistration(values, busy)) register.mutate(normaliseRegistration(values));
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <TextField label="First Name" autoComplete="given-name" {...field('firstname')} />
      <TextField label="Surname" autoComplete="family-name" {...field('surname')} />
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField
        label="Customer ID"
        autoComplete="off"
        hint="Your trade account's customer ID, e.g. G100234."
        {...field('customerID')}
      />
      <TooManyAttempts
        error={register.error}
        fallback="Too many registration attempts. Please wait a few minutes and try again."
      />
      <OfflineActionNotice error={register.error} />
      <Button type="submit" block disabled={!canSubmitRegistration(values, busy)}>
        {register.isPending ? 'Submitting…' : 'Submit'}
      </Button>
    </form>
  );
}
