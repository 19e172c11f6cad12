import { accountQueries } from '@promo/domain/account/account.queries';
import { errorMessage } from '@promo/domain/http/http-client';
import {
  canSubmitContact,
  CONTACT_FIELDS,
  emptyContactValues,
  trimValues,
  type ContactValues,
} from '@promo/domain/public/public-forms.rules';
import { publicMutations } from '@promo/domain/public/public.queries';
import { useSession } from '@promo/domain/session/session';
import type { Session } from '@promo/domain/types';
import { emailError } from '@promo/domain/validation/validation.rules';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { OfflineActionNotice, offlineAction } from '@promo/ui/server-action';
import { TextAreaField } from '@promo/ui/textarea-field';
import { TextField } from '@promo/ui/text-field';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@promo/ui/router';
import styles from './contact-form.module.css';

export const CONTACT_SUCCESS_MESSAGE =
  'Thanks for contacting us, an Ezy Rewards team member will review your enquiry and will be in contact with you shortly.';
/** The contact success toast shows for 5 s, then / (docs/product-rules.md, 'Contact Us'). */
export const CONTACT_SUCCESS_MS = 5000;

const AUTOCOMPLETE = {
  firstname: 'given-name',
  lastname: 'family-name',
  email: 'email',
  phone: 'tel',
  message: 'off',
} as const;

/** Reps get first name, surname and email prefilled from the session. */
function initialContactValues(session: Session | undefined): ContactValues {
  const values = emptyContactValues();
  if (session?.role !== 'rep' || !session.user) return values;
  return {
    ...values,
    firstname: session.user.firstname,
    lastname: session.user.surname,
    email: session.user.email,
  };
}

/**
 * docs/product-rules.md, 'Contact Us' (customers and reps): first name*, last name, email*, phone, message*.
 * A customer's message also carries their account's id and name. Success: the thanks message for
 * 5 s, the form cleared, then /. A failure keeps what was typed.
 */
export function ContactForm() {
  const session = useSession();
  const accountId = session.role === 'customer' ? session.accountid : undefined;
  const account = useQuery({ ...accountQueries.detail(accountId ?? ''), enabled: accountId !== undefined });
  const [values, setValues] = useState<ContactValues>(() => initialContactValues(session));
  const [sent, setSent] = useState(false);
  const notify = useNotify();
  const navigate = useNavigate();

  // Sent: home once the success message has been read; nothing if the person has left already.
  useEffect(() => {
    if (!sent) return;
    const timer = setTimeout(() => void navigate('/'), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [sent, navigate]);

  // Offline, or cut off on the way: the form says so beside Submit and keeps what was typed.
  const submission = useMutation(
    offlineAction(publicMutations.submitForm(), {
      onSuccess: () => {
        setSent(true);
        setValues(initialContactValues(session));
        notify('success', CONTACT_SUCCESS_MESSAGE, CONTACT_SUCCESS_MS);
      },
      onFailure: (error) => notify('error', errorMessage(error, 'Message submission failed.')),
    }),
  );

  const busy = submission.isPending || sent;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitContact(values, busy))
      submission.mutate({
        formConfigurationID: 'contact-us',
        response: trimValues(values),
        formFields: [...CONTACT_FIELDS],
        ...(accountId === undefined ? {} : { accountId }),
        ...(account.data ? { accountName: account.data.name } : {}),
      });
  };
  const change = (name: keyof ContactValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby="contact-required-note">
      <p id="contact-required-note" className={styles.note}>
        Fields marked with * are required.
      </p>
      {CONTACT_FIELDS.map((field) =>
        field.type === 'textarea' ? (
          <TextAreaField
            key={field.name}
            label={field.label}
            name={field.name}
            required={field.required}
            value={values[field.name]}
            onChange={change(field.name)}
          />
        ) : (
          <TextField
            key={field.name}
            label={field.label}
            name={field.name}
            type={field.type}
            required={field.required}
            autoComplete={AUTOCOMPLETE[field.name]}
            error={field.name === 'email' ? emailError(values.email) : undefined}
            value={values[field.name]}
            onChange={change(field.name)}
          />
        ),
      )}
      <OfflineActionNotice error={submission.error} />
      <Button type="submit" block disabled={!canSubmitContact(values, busy)}>
        {submission.isPending ? 'Sending…' : 'Submit'}
      </Button>
    </form>
  );
}
