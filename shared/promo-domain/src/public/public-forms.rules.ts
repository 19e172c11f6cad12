import type { FormField } from '../api/form-submission.schema';
import { isFilled, isValidEmail } from '@promo/domain/validation/validation.rules';

/**
 * The guest and open forms: their fields (sent to POST /form-submission/submit as `formFields`)
 * and when each may be submitted (docs/product-rules.md, 'Join Us', 'Contact Us', 'Registration').
 */

/** The Join Us form; starred fields are required. */
export const JOIN_US_FIELDS = [
  { name: 'companyName', label: 'Company Name', required: true, type: 'text' },
  { name: 'customerId', label: 'Customer ID', required: false, type: 'text' },
  { name: 'address', label: 'Address', required: true, type: 'text' },
  { name: 'suburb', label: 'Suburb', required: true, type: 'text' },
  { name: 'city', label: 'City', required: true, type: 'text' },
  { name: 'postcode', label: 'Postcode', required: true, type: 'text' },
  { name: 'contactName', label: 'Contact Name', required: true, type: 'text' },
  { name: 'position', label: 'Position', required: true, type: 'text' },
  { name: 'phone', label: 'Phone', required: true, type: 'tel' },
  { name: 'email', label: 'Email', required: true, type: 'email' },
] as const satisfies readonly FormField[];

export type JoinUsFieldName = (typeof JOIN_US_FIELDS)[number]['name'];
export type JoinUsValues = Record<JoinUsFieldName, string>;

/** The Contact Us form: firstname*, lastname, email*, phone, message*. */
export const CONTACT_FIELDS = [
  { name: 'firstname', label: 'First Name', required: true, type: 'text' },
  { name: 'lastname', label: 'Last Name', required: false, type: 'text' },
  { name: 'email', label: 'Email', required: true, type: 'email' },
  { name: 'phone', label: 'Phone', required: false, type: 'tel' },
  { name: 'message', label: 'Message', required: true, type: 'textarea' },
] as const satisfies readonly FormField[];

export type ContactFieldName = (typeof CONTACT_FIELDS)[number]['name'];
export type ContactValues = Record<ContactFieldName, string>;

function emptyValues<Name extends string>(fields: readonly { name: Name }[]): Record<Name, string> {
  return Object.fromEntries(fields.map((field) => [field.name, ''])) as Record<Name, string>;
}

export const emptyJoinUsValues = (): JoinUsValues => emptyValues(JOIN_US_FIELDS);
export const emptyContactValues = (): ContactValues => emptyValues(CONTACT_FIELDS);

/** The names of a form's starred fields, in form order: what the server requires of each form. */
export function requiredFieldNames<Name extends string>(
  fields: readonly { name: Name; required: boolean }[],
): Name[] {
  return fields.filter((field) => field.required).map((field) => field.name);
}

function requiredFilled<Name extends string>(
  fields: readonly { name: Name; required: boolean }[],
  values: Record<Name, string>,
): boolean {
  return requiredFieldNames(fields).every((name) => isFilled(values[name]));
}

/** Join Us: every starred field filled, the email valid, and nothing in flight. */
export function canSubmitJoinUs(values: JoinUsValues, submitting: boolean): boolean {
  return !submitting && requiredFilled(JOIN_US_FIELDS, values) && isValidEmail(values.email);
}

/** Contact Us: first name, email and message filled, the email valid, and nothing in flight. */
export function canSubmitContact(values: ContactValues, submitting: boolean): boolean {
  return !submitting && requiredFilled(CONTACT_FIELDS, values) && isValidEmail(values.email);
}

/** The registration form's fields (the password field is unused: the e-mailed link sets it). */
export interface RegistrationValues {
  firstname: string;
  surname: string;
  email: string;
  customerID: string;
}

/** Registration: Submit is disabled until all four fields are filled. */
export function canSubmitRegistration(values: RegistrationValues, submitting: boolean): boolean {
  return (
    !submitting &&
    isFilled(values.firstname) &&
    isFilled(values.surname) &&
    isFilled(values.email) &&
    isFilled(values.customerID)
  );
}

/** On submit the email is lowercased and the customer ID uppercased (both trimmed). */
export function normaliseRegistration(values: RegistrationValues): RegistrationValues {
  return {
    firstname: values.firstname.trim(),
    surname: values.surname.trim(),
    email: values.email.trim().toLowerCase(),
    customerID: values.customerID.trim().toUpperCase(),
  };
}

/** Forgot password: Submit is disabled when the email is empty. */
export function canSubmitForgotPassword(email: string, submitting: boolean): boolean {
  return !submitting && isFilled(email);
}

/** Values trimmed for sending; what the person typed stays in the form until success. */
export function trimValues<Name extends string>(values: Record<Name, string>): Record<Name, string> {
  return Object.fromEntries(
    Object.entries<string>(values).map(([name, value]) => [name, value.trim()]),
  ) as Record<Name, string>;
}
