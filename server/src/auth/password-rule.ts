/** The password rule (docs/product-rules.md, 'Field rules'), enforced by the server: the client's hint text says the same. */
export const PASSWORD_RULE_MESSAGE =
  'Password must be at least 8 characters and include at least one letter, one number and one non-alphanumeric character.';

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= 8 && /[A-Za-z]/.test(password) && /\d/.test(password) && /[^A-Za-z0-9]/.test(password)
  );
}
