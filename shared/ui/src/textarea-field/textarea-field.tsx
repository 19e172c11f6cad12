import type { TextareaHTMLAttributes } from 'react';
import { FieldFrame } from '../field-frame/field-frame';
import styles from './textarea-field.module.css';

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {
  label: string;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  hint?: string;
}

/** A labelled multi-line field, the counterpart of TextField. */
export function TextAreaField({ label, error, hint, required, rows = 5, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} required={required} error={error} hint={hint}>
      {(control) => <textarea className={styles.textarea} rows={rows} {...control} {...textarea} />}
    </FieldFrame>
  );
}
