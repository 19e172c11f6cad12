import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  hint?: string;
  /** Rendered beside the input, e.g. a show/hide password button. */
  adornment?: ReactNode;
}

export function TextField({ label, error, hint, adornment, required, ...input }: TextFieldProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {/* The input's `required` tells assistive technology; the star is for the eye. */}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className={styles.row}>
        <input
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          required={required}
          {...input}
        />
        {adornment}
      </div>
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
