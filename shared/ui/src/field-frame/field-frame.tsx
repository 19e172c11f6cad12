import { useId, type ReactNode } from 'react';
import styles from './field-frame.module.css';

/** What a control inside the frame needs to be labelled and described. */
interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  required: boolean | undefined;
}

export interface FieldFrameProps {
  label: string;
  required?: boolean | undefined;
  /** Shown under the field and announced with it. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Renders the control (input, textarea) with the ids and ARIA the frame wires up. */
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * The label, hint and error every form field shares (TextField, TextAreaField): one place for the
 * ids, aria-describedby and the required star.
 */
export function FieldFrame({ label, required, error, hint, children }: FieldFrameProps) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        {/* The control's `required` tells assistive technology; the star is for the eye. */}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, required })}
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
