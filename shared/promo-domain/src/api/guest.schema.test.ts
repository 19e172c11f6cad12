import { describe, expect, expectTypeOf, it } from 'vitest';
import { PASSWORD_RULE_MESSAGE } from '../validation/validation.rules';
import { normaliseRegistration, type RegistrationValues } from '../public/public-forms.rules';
import { resetPasswordSchema, signupSchema, type SignupRequest } from '../api/guest.schema';

describe("the guest pages' requests", () => {
  it("sends the registration form's values as the server's schema reads them", () => {
    expectTypeOf<RegistrationValues>().toExtend<SignupRequest>();
    const values = normaliseRegistration({
      firstname: ' Mere ',
      surname: 'Parata',
      email: ' Mere@Example.CO.NZ',
      customerID: 'g100001 ',
    });
    expect(signupSchema.parse(values)).toEqual({
      firstname: 'Mere',
      surname: 'Parata',
      email: 'mere@example.co.nz',
      customerID: 'G100001',
    });
  });

  it('refuses a new password that breaks the rule, with the rule', () => {
    const reset = { email: 'mere@example.co.nz', hash: 'h' };
    expect(resetPasswordSchema.safeParse({ ...reset, password: 'First-pass3$' }).success).toBe(true);
    const weak = resetPasswordSchema.safeParse({ ...reset, password: 'firstpass3' });
    expect(weak.error?.issues.map((issue) => issue.message)).toEqual([PASSWORD_RULE_MESSAGE]);
  });
});
