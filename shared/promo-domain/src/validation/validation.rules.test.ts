import { describe, expect, it } from 'vitest';
import {
  canConfirmPassword,
  emailError,
  INCORRECT_EMAIL_FORMAT,
  isFilled,
  isValidEmail,
  meetsPasswordRule,
  PASSWORD_RULE_TEXT,
} from './validation.rules';

describe('isValidEmail', () => {
  it.each([
    'aroha@example.co',
    'aroha@example.com',
    'aroha@example.info',
    'first.last+promo@sub.domain.co.nz',
    'UPPER@EXAMPLE.NZ',
    "o'brien@example.ie",
    '  padded@example.com  ',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    ['an empty value', ''],
    ['no at sign', 'aroha.example.com'],
    ['no local part', '@example.com'],
    ['two at signs', 'aroha@@example.com'],
    ['an at sign in the domain', 'aroha@exa@mple.com'],
    ['no dot in the domain', 'aroha@localhost'],
    ['a one-letter suffix', 'aroha@example.c'],
    ['a five-letter suffix', 'aroha@example.museum'],
    ['digits in the suffix', 'aroha@example.c0m'],
    ['an empty domain label', 'aroha@.com'],
    ['two dots in a row', 'aroha@example..com'],
    ['a trailing dot', 'aroha@example.com.'],
    ['a space inside', 'aro ha@example.com'],
  ])('refuses %s', (_case, email) => {
    expect(isValidEmail(email)).toBe(false);
  });
});

describe('emailError', () => {
  it("says 'Incorrect email format' under a filled, invalid email", () => {
    expect(emailError('aroha@example')).toBe('Incorrect email format');
    expect(INCORRECT_EMAIL_FORMAT).toBe('Incorrect email format');
  });

  it('says nothing while the email is empty or only spaces', () => {
    expect(emailError('')).toBeUndefined();
    expect(emailError('   ')).toBeUndefined();
  });

  it('says nothing for a valid email', () => {
    expect(emailError('aroha@example.co.nz')).toBeUndefined();
  });
});

describe('PASSWORD_RULE_TEXT', () => {
  it('asks the reset page for 8 characters with an alpha, a numeric and a non-alphanumeric character', () => {
    expect(PASSWORD_RULE_TEXT.reset).toBe(
      'Password must be at least 8 characters long and contain at least one alpha, one numeric and one non-alphanumeric character.',
    );
  });

  it('adds on the verify-email page that the alpha must be a capital', () => {
    expect(PASSWORD_RULE_TEXT.verify).toBe(
      'Password must be at least 8 characters long and contain at least one capital alpha, one numeric and one non-alphanumeric character.',
    );
  });
});

describe('meetsPasswordRule', () => {
  it.each(['First-pass3$', 'abcdefg1!', 'ABCDEFG1 '])(
    'takes %s: 8 or more, a letter, a digit and a symbol',
    (password) => {
      expect(meetsPasswordRule(password)).toBe(true);
    },
  );

  it.each(['Abcde1!', 'abcdefgh1', 'abcdefgh!', '12345678!'])('refuses %s', (password) => {
    expect(meetsPasswordRule(password)).toBe(false);
  });
});

describe('canConfirmPassword', () => {
  it('is false while the password is empty, even when the confirmation is empty too', () => {
    expect(canConfirmPassword('', '')).toBe(false);
  });

  it('is false while the confirmation differs', () => {
    expect(canConfirmPassword('Secret-pass1', 'Secret-pass')).toBe(false);
    expect(canConfirmPassword('Secret-pass1', 'secret-pass1')).toBe(false);
  });

  it('is true when the password is filled and equals the confirmation', () => {
    expect(canConfirmPassword('Secret-pass1', 'Secret-pass1')).toBe(true);
  });
});

describe('isFilled', () => {
  it('counts only something other than spaces', () => {
    expect(isFilled('x')).toBe(true);
    expect(isFilled(' ')).toBe(false);
    expect(isFilled(undefined)).toBe(false);
  });
});
