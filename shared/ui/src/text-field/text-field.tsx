import type { InputHTMLAttributes, ReactNode } from 'react';
import { FieldFrame } from '../field-frame/field-frame';
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
  return (
    <FieldFrame label={label} required={required} error={error} hint={hint}>
      {(control) => (
        <div className={styles.row}>
          <input className={styles.input} {...control} {...input} />
          {adornment}
        </div>
      )}
    </FieldFrame>
  );
}
