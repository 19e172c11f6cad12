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
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { OfflineActionNotice, offlineAction } from '@promo/ui/server-action';
import { useMutation, useQuery } from '@promo/domain/query';
import { useState, type FormEvent } from 'react';
import { FormFields } from '../../features/form-fields/form-fields';
import { useNavigateAfter } from '../../features/navigate-after/use-navigate-after';
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
  const notify = useNotify();
  // Sent: home once the success message has been read.
  const { done: sent, succeed } = useNavigateAfter('/', CONTACT_SUCCESS_MS);

  // Offline, or cut off on the way: the form says so beside Submit and keeps what was typed.
  const submission = useMutation(
    offlineAction(publicMutations.submitForm(), {
      onSuccess: () => {
        setValues(initialContactValues(session));
        succeed(CONTACT_SUCCESS_MESSAGE);
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
  const change = (name: keyof ContactValues, value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby="contact-required-note">
      <p id="contact-required-note" className={styles.note}>
        Fields marked with * are required.
      </p>
      <FormFields fields={CONTACT_FIELDS} values={values} autoComplete={AUTOCOMPLETE} onChange={change} />
      <OfflineActionNotice error={submission.error} />
      <Button type="submit" block disabled={!canSubmitContact(values, busy)}>
        {submission.isPending ? 'Sending…' : 'Submit'}
      </Button>
    </form>
  );
}
