import { errorMessage } from '@promo/domain/http/http-client';
import {
  canSubmitJoinUs,
  emptyJoinUsValues,
  JOIN_US_FIELDS,
  trimValues,
  type JoinUsFieldName,
  type JoinUsValues,
} from '@promo/domain/public/public-forms.rules';
import { publicMutations } from '@promo/domain/public/public.queries';
import { Button } from '@promo/ui/button';
import { useNotify } from '@promo/ui/notifications';
import { OfflineActionNotice, offlineAction } from '@promo/ui/server-action';
import { useMutation } from '@promo/domain/query';
import { useState, type FormEvent } from 'react';
import { FormFields } from '../../features/form-fields/form-fields';
import styles from './join-us-form.module.css';

const AUTOCOMPLETE: Record<JoinUsFieldName, string> = {
  companyName: 'organization',
  customerId: 'off',
  address: 'street-address',
  suburb: 'address-level3',
  city: 'address-level2',
  postcode: 'postal-code',
  contactName: 'name',
  position: 'organization-title',
  phone: 'tel',
  email: 'email',
};

/**
 * docs/product-rules.md, 'Join Us', for new customers: the ten fields with the required-fields note. Submit is
 * disabled until the starred fields are filled, the email is valid and nothing is in flight.
 * Success resets the form; a failure keeps what was typed.
 */
export function JoinUsForm() {
  const [values, setValues] = useState<JoinUsValues>(emptyJoinUsValues);
  const notify = useNotify();
  // Offline, or cut off on the way: the form says so beside Submit and keeps what was typed.
  const submission = useMutation(
    offlineAction(publicMutations.submitForm(), {
      onSuccess: () => {
        notify('success', 'Message submitted successfully.');
        setValues(emptyJoinUsValues());
      },
      onFailure: (error) => notify('error', errorMessage(error, 'Message submission failed.')),
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (canSubmitJoinUs(values, submission.isPending))
      submission.mutate({
        formConfigurationID: 'join-us',
        response: trimValues(values),
        formFields: [...JOIN_US_FIELDS],
      });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-describedby="join-us-required-note">
      <p id="join-us-required-note" className={styles.note}>
        Fields marked with * are required.
      </p>
      <FormFields
        fields={JOIN_US_FIELDS}
        values={values}
        autoComplete={AUTOCOMPLETE}
        onChange={(name, value) => setValues((current) => ({ ...current, [name]: value }))}
      />
      <OfflineActionNotice error={submission.error} />
      <Button type="submit" block disabled={!canSubmitJoinUs(values, submission.isPending)}>
        {submission.isPending ? 'Submitting…' : 'Submit'}
      </Button>
    </form>
  );
}
