import { describe, expect, it } from 'vitest';
import { buildFormSubmission } from '../testing/data-generators';
import { formSubmissionSchema } from '../api/form-submission.schema';

describe('a form submission', () => {
  it.each(['join-us', 'contact-us'] as const)(
    'takes the %s form as its page sends it',
    (formConfigurationID) => {
      expect(formSubmissionSchema.safeParse(buildFormSubmission({ formConfigurationID })).success).toBe(true);
    },
  );

  it('refuses a form the app does not have and a field of an unknown type', () => {
    const form = buildFormSubmission();
    expect(formSubmissionSchema.safeParse({ ...form, formConfigurationID: 'survey' }).success).toBe(false);
    const formFields = [{ name: 'age', label: 'Age', required: false, type: 'number' }];
    expect(formSubmissionSchema.safeParse({ ...form, formFields }).success).toBe(false);
  });
});
