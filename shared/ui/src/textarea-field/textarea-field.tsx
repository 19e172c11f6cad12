import { useId, type TextareaHTMLAttributes } from 'react';
import styles from './textarea-field.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  hint?: string;
}

/** A labelled multi-line field, the counterpart of TextField. */
export function TextAreaField({ label, error, hint, required, rows = 5, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {/* The textarea's `required` tells assistive technology; the star is for the eye. */}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <textarea
        id={id}
        className={styles.textarea}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        required={required}
        {...textarea}
      />
      {hint ? (
        <span id={`${id}-hint`} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-error`} className={styles.error}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
