import type { Account, AccountAssociationAnswer } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import { OfflineActionNotice } from '@promo/ui/server-action';
import { useId, useState, type FormEvent } from 'react';
import { DivisionLogo } from './division-logo';
import styles from './linked-accounts.module.css';

type Answer = boolean | undefined;

export interface AssociationAnswers {
  associations: AccountAssociationAnswer[];
  comment: string;
}

function YesNo({
  name,
  label,
  value,
  onChange,
  disabled,
}: {
  name: string;
  /** What is being answered, for screen readers (the table cell shows only Yes and No). */
  label: string;
  value: Answer;
  onChange: (value: boolean) => void;
  disabled: boolean;
}) {
  return (
    <fieldset className={styles.choices} aria-label={label} disabled={disabled}>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={value === true} onChange={() => onChange(true)} required />
        Yes
      </label>
      <label className={styles.choice}>
        <input type="radio" name={name} checked={value === false} onChange={() => onChange(false)} />
        No
      </label>
    </fieldset>
  );
}

/** One Yes/No per linked account, with its division's logo, then the 'Other *' question. */
function AnswersTable({
  id,
  account,
  answers,
  onAnswer,
  other,
  onOther,
  disabled,
}: {
  id: string;
  account: Account;
  answers: Record<string, Answer>;
  onAnswer: (accountId: string, value: boolean) => void;
  other: Answer;
  onOther: (value: boolean) => void;
  disabled: boolean;
}) {
  return (
    <table className={styles.table}>
      <caption>Is each of these accounts yours?</caption>
      <thead>
        <tr>
          <th scope="col">Supplier</th>
          <th scope="col">Account Number</th>
          <th scope="col">Correct</th>
        </tr>
      </thead>
      <tbody>
        {account.divisionDetails.map((division) => (
          <tr key={division.id}>
            <td>
              <DivisionLogo division={division.division} />
            </td>
            <th scope="row" className={styles.accountNumber}>
              {division.id}
            </th>
            <td>
              <YesNo
                name={`${id}-${division.id}`}
                label={`Is account ${division.id} correct?`}
                value={answers[division.id]}
                onChange={(value) => onAnswer(division.id, value)}
                disabled={disabled}
              />
            </td>
          </tr>
        ))}
        <tr className={styles.otherRow}>
          <th scope="row" colSpan={2}>
            Other *
            <span className={styles.otherHint}>Do you have other accounts with us that are not listed?</span>
          </th>
          <td>
            <YesNo
              name={`${id}-other`}
              label="Do you have other accounts that are not listed?"
              value={other}
              onChange={onOther}
              disabled={disabled}
            />
          </td>
        </tr>
      </tbody>
    </table>
  );
}

/**
 * docs/product-rules.md, 'Account confirmation': Yes/No per linked account plus the 'Other *' row, a comment box
 * when Other is Yes. Submit is disabled while submitting and while any answer is unset.
 * The answers stay as they are when a submission fails.
 */
export function AssociationForm({
  account,
  submitting,
  submitError,
  onSubmit,
}: {
  account: Account;
  submitting: boolean;
  /** The last submission's failure, if any: a connection failure is said beside Submit. */
  submitError?: unknown;
  onSubmit: (answers: AssociationAnswers) => void;
}) {
  const id = useId();
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [other, setOther] = useState<Answer>(undefined);
  const [comment, setComment] = useState('');

  const unanswered =
    account.divisionDetails.filter((division) => answers[division.id] === undefined).length +
    (other === undefined ? 1 : 0);
  const canSubmit = unanswered === 0 && !submitting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmit) return;
    onSubmit({
      associations: [
        ...account.divisionDetails.map((division) => ({
          id: division.id,
          divisionID: division.id,
          division: division.division,
          confirmed: answers[division.id] === true,
        })),
        // The server expects one 'other' row: confirmed = true means "Yes, there are other accounts".
        { id: 'other', divisionID: '', division: 'other' as const, confirmed: other === true },
      ],
      comment: other === true ? comment.trim() : '',
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-describedby={`${id}-status`}>
      <AnswersTable
        id={id}
        account={account}
        answers={answers}
        onAnswer={(accountId, value) => setAnswers((current) => ({ ...current, [accountId]: value }))}
        other={other}
        onOther={setOther}
        disabled={submitting}
      />

      {other === true ? (
        <div className={styles.comment}>
          <label htmlFor={`${id}-comment`}>Comment</label>
          <textarea
            id={`${id}-comment`}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
            aria-describedby={`${id}-comment-hint`}
            maxLength={2000}
            disabled={submitting}
          />
          <span id={`${id}-comment-hint`} className={styles.hint}>
            Tell us the supplier and account number of each account that is not listed.
          </span>
        </div>
      ) : null}

      <p id={`${id}-status`} className={styles.unanswered} aria-live="polite">
        {unanswered > 0 ? `Answer every question to submit (${unanswered} left).` : ''}
      </p>
      <OfflineActionNotice error={submitError} />
      <div className={styles.actions}>
        <Button type="submit" block disabled={!canSubmit}>
          {submitting ? 'Submitting…' : 'Submit'}
        </Button>
      </div>
    </form>
  );
}
