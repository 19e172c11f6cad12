/**
 * Field rules shared by the guest and open forms (docs/product-rules.md, 'Field rules'). The server
 * enforces the same rules (field.schema.ts, the form-submission route); the client checks first so
 * a person sees the problem under the field instead of after a round trip.
 */

/**
 * A local part, an at sign, a domain with a dot, and a suffix of 2-4 letters. The reference server
 * checks with this pattern too, so the two never disagree.
 */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[^\s@.]+\.)+[A-Za-z]{2,4}$/;

/** The text shown under a filled, invalid email. */
export const INCORRECT_EMAIL_FORMAT = 'Incorrect email format';

/** Surrounding spaces are forgiven (the server trims too); anything else must match the pattern. */
export function isValidEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

/** 'Incorrect email format' for a filled, invalid email; nothing while it is empty or valid. */
export function emailError(value: string): string | undefined {
  return value.trim() !== '' && !isValidEmail(value) ? INCORRECT_EMAIL_FORMAT : undefined;
}

/** The password minimum length. */
export const PASSWORD_MIN_LENGTH = 8;

/** The password rule the server holds a new password to; the pages' texts below say it their way. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters and include at least one letter, one number and one non-alphanumeric character.';

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[A-Za-z]/.test(password) &&
    /\d/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

/**
 * The rule texts of the set-password pages. The reset page asks for an alpha character; the
 * verify-email page (a new user's first password) asks for a capital one. The server enforces
 * its rule; these only tell the person what it is.
 */
export const PASSWORD_RULE_TEXT = {
  reset:
    'Password must be at least 8 characters long and contain at least one alpha, one numeric and one non-alphanumeric character.',
  verify:
    'Password must be at least 8 characters long and contain at least one capital alpha, one numeric and one non-alphanumeric character.',
} as const;

/** Confirm is disabled unless the password is non-empty and equals the confirmation. */
export function canConfirmPassword(password: string, confirmation: string): boolean {
  return password !== '' && password === confirmation;
}

/** A filled value: something other than spaces. */
export function isFilled(value: string | undefined): boolean {
  return (value ?? '').trim() !== '';
}
