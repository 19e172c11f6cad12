import type { FormField } from '@promo/domain/api/form-submission.schema';
import { emailError } from '@promo/domain/validation/validation.rules';
import { TextAreaField } from '@promo/ui/textarea-field';
import { TextField } from '@promo/ui/text-field';

/**
 * The fields of a guest or open form as its field list declares them (public-forms.rules): each
 * labelled and starred as declared, a message as a text area, and an e-mail checked as it is typed.
 */
export function FormFields<Name extends string>({
  fields,
  values,
  autoComplete,
  onChange,
}: {
  fields: readonly (FormField & { name: Name })[];
  values: Record<Name, string>;
  autoComplete: Record<Name, string>;
  onChange: (name: Name, value: string) => void;
}) {
  return fields.map((field) => {
    const props = {
      label: field.label,
      name: field.name,
      required: field.required,
      value: values[field.name],
    };
    return field.type === 'textarea' ? (
      <TextAreaField
        key={field.name}
        {...props}
        onChange={(event) => onChange(field.name, event.target.value)}
      />
    ) : (
      <TextField
        key={field.name}
        {...props}
        type={field.type}
        autoComplete={autoComplete[field.name]}
        error={field.type === 'email' ? emailError(values[field.name]) : undefined}
        onChange={(event) => onChange(field.name, event.target.value)}
      />
    );
  });
}
