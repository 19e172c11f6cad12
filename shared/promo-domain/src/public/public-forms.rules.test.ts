import { describe, expect, it } from 'vitest';
import { buildContactValues, buildJoinUsValues } from '@promo/domain/testing';
import {
  canSubmitContact,
  canSubmitForgotPassword,
  canSubmitJoinUs,
  canSubmitRegistration,
  CONTACT_FIELDS,
  emptyContactValues,
  emptyJoinUsValues,
  JOIN_US_FIELDS,
  normaliseRegistration,
  requiredFieldNames,
  trimValues,
} from './public-forms.rules';

describe('JOIN_US_FIELDS', () => {
  it('has the ten Join Us fields, all starred but the customer ID', () => {
    expect(JOIN_US_FIELDS.map((field) => field.name)).toEqual([
      'companyName',
      'customerId',
      'address',
      'suburb',
      'city',
      'postcode',
      'contactName',
      'position',
      'phone',
      'email',
    ]);
    expect(JOIN_US_FIELDS.filter((field) => !field.required).map((field) => field.name)).toEqual([
      'customerId',
    ]);
  });
});

describe('requiredFieldNames', () => {
  it('names the starred fields in form order', () => {
    expect(requiredFieldNames(JOIN_US_FIELDS)).toEqual(
      JOIN_US_FIELDS.map((field) => field.name).filter((name) => name !== 'customerId'),
    );
    expect(requiredFieldNames(CONTACT_FIELDS)).toEqual(['firstname', 'email', 'message']);
  });
});

describe('canSubmitJoinUs', () => {
  it('is true with every starred field filled and a valid email (the customer ID is optional)', () => {
    expect(canSubmitJoinUs(buildJoinUsValues(), false)).toBe(true);
  });

  it('is false while the form is empty', () => {
    expect(canSubmitJoinUs(emptyJoinUsValues(), false)).toBe(false);
  });

  it.each(JOIN_US_FIELDS.filter((field) => field.required).map((field) => field.name))(
    'is false while the starred field %s is empty or only spaces',
    (name) => {
      expect(canSubmitJoinUs(buildJoinUsValues({ [name]: '' }), false)).toBe(false);
      expect(canSubmitJoinUs(buildJoinUsValues({ [name]: '   ' }), false)).toBe(false);
    },
  );

  it('is false with an invalid email', () => {
    expect(canSubmitJoinUs(buildJoinUsValues({ email: 'aroha@kiwimotors' }), false)).toBe(false);
  });

  it('is false while a submission is in flight', () => {
    expect(canSubmitJoinUs(buildJoinUsValues(), true)).toBe(false);
  });
});

describe('canSubmitContact', () => {
  it('has the five Contact Us fields with first name, email and message required', () => {
    expect(CONTACT_FIELDS.map((field) => [field.name, field.required])).toEqual([
      ['firstname', true],
      ['lastname', false],
      ['email', true],
      ['phone', false],
      ['message', true],
    ]);
  });

  it('is true with first name, a valid email and a message (last name and phone optional)', () => {
    expect(canSubmitContact(buildContactValues(), false)).toBe(true);
  });

  it.each(['firstname', 'email', 'message'] as const)('is false while %s is empty', (name) => {
    expect(canSubmitContact(buildContactValues({ [name]: ' ' }), false)).toBe(false);
  });

  it('is false with an invalid email, while submitting, and when the form is empty', () => {
    expect(canSubmitContact(buildContactValues({ email: 'aroha@' }), false)).toBe(false);
    expect(canSubmitContact(buildContactValues(), true)).toBe(false);
    expect(canSubmitContact(emptyContactValues(), false)).toBe(false);
  });
});

describe('canSubmitRegistration', () => {
  const filled = { firstname: 'Aroha', surname: 'Ngata', email: 'Aroha@Example.com', customerID: 'g100001' };

  it('is true once first name, surname, email and customer ID are all filled', () => {
    expect(canSubmitRegistration(filled, false)).toBe(true);
  });

  it.each(['firstname', 'surname', 'email', 'customerID'] as const)('is false while %s is empty', (name) => {
    expect(canSubmitRegistration({ ...filled, [name]: '' }, false)).toBe(false);
  });

  it('is false while submitting', () => {
    expect(canSubmitRegistration(filled, true)).toBe(false);
  });
});

describe('normaliseRegistration', () => {
  it('lowercases the email, uppercases the customer ID and trims every field', () => {
    expect(
      normaliseRegistration({
        firstname: ' Aroha ',
        surname: 'Ngata ',
        email: ' Aroha.Ngata@Example.CO.NZ ',
        customerID: ' g100001 ',
      }),
    ).toEqual({
      firstname: 'Aroha',
      surname: 'Ngata',
      email: 'aroha.ngata@example.co.nz',
      customerID: 'G100001',
    });
  });
});

describe('canSubmitForgotPassword', () => {
  it('is false when the email is empty and true once it is filled', () => {
    expect(canSubmitForgotPassword('', false)).toBe(false);
    expect(canSubmitForgotPassword('  ', false)).toBe(false);
    expect(canSubmitForgotPassword('aroha@example.com', false)).toBe(true);
  });

  it('is false while the request is in flight', () => {
    expect(canSubmitForgotPassword('aroha@example.com', true)).toBe(false);
  });
});

describe('trimValues', () => {
  it('trims every value and keeps the names', () => {
    expect(trimValues({ a: ' x ', b: '' })).toEqual({ a: 'x', b: '' });
  });
});
