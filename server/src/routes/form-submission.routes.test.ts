import { CONTACT_FIELDS, JOIN_US_FIELDS, requiredFieldNames } from '@promo/domain/public-forms-rules';
import { buildContactValues, buildFormSubmission, buildJoinUsValues } from '@promo/domain/testing';
import type { ApiErrorBody } from '@promo/domain/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNT_IDS, DEMO_EMAILS } from '../seed/demo-logins';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const JOIN_US = buildJoinUsValues();
const joinUs = (response: Record<string, unknown> = JOIN_US) => ({ ...buildFormSubmission(), response });
const CONTACT = buildContactValues();
const contactUs = (overrides: Record<string, unknown> = {}) => ({
  ...buildFormSubmission({ formConfigurationID: 'contact-us' }),
  ...overrides,
});

const submit = (body: unknown, cookie?: string) => t.post('/api/v1/form-submission/submit', body, cookie);

function storedCount(form: string): number {
  return (
    t.db.prepare('SELECT COUNT(*) AS n FROM form_submissions WHERE form_configuration_id = ?').get(form) as {
      n: number;
    }
  ).n;
}

describe('POST /form-submission/submit: join-us', () => {
  it('accepts a complete form from a visitor and stores it', async () => {
    const before = storedCount('join-us');
    const response = await submit(joinUs());
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(storedCount('join-us')).toBe(before + 1);
    const row = t.db
      .prepare('SELECT response, user_id FROM form_submissions ORDER BY id DESC LIMIT 1')
      .get() as {
      response: string;
      user_id: string | null;
    };
    expect(JSON.parse(row.response)).toEqual(JOIN_US);
    expect(row.user_id).toBeNull();
  });

  it.each(requiredFieldNames(JOIN_US_FIELDS))('requires %s', async (field) => {
    const response = await submit(joinUs({ ...JOIN_US, [field]: '  ' }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Bad Request', message: `response.${field}: Required` });
  });

  it('does not require the optional customer ID', async () => {
    const withoutCustomerId = Object.fromEntries(
      Object.entries(JOIN_US).filter(([name]) => name !== 'customerId'),
    );
    const response = await submit(joinUs(withoutCustomerId));
    expect(response.statusCode).toBe(200);
  });

  it.each([
    'wiremu',
    'wiremu@manukamotors',
    'wiremu@manukamotors.c',
    'wiremu@manukamotors.company',
    'wi remu@x.co.nz',
  ])('rejects the e-mail %s', async (email) => {
    const response = await submit(joinUs({ ...JOIN_US, email }));
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().message).toBe('response.email: Incorrect email format');
  });

  it('rejects an unknown form and malformed values', async () => {
    expect(
      (await submit({ formConfigurationID: 'newsletter', response: {}, formFields: [] })).json<ApiErrorBody>()
        .message,
    ).toBe('formConfigurationID: Invalid option: expected one of "join-us"|"contact-us"');
    expect(
      (await submit({ ...joinUs({ ...JOIN_US, postcode: 3204 }), formFields: [] })).json<ApiErrorBody>()
        .message,
    ).toBe('response.postcode: Invalid input: expected string, received number');
    expect(
      (await submit({ formConfigurationID: 'join-us', response: JOIN_US })).json<ApiErrorBody>().message,
    ).toBe('formFields: Required');
  });
});

describe('POST /form-submission/submit: contact-us', () => {
  it('needs a signed-in user', async () => {
    const response = await submit(contactUs());
    expect(response.statusCode).toBe(401);
  });

  it('accepts a customer message with their account', async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await submit(
      contactUs({ accountId: DEMO_ACCOUNT_IDS.customer, accountName: 'Kahikatea Auto Repairs Ltd' }),
      cookie,
    );
    expect(response.json()).toEqual({ ok: true });
    const row = t.db
      .prepare('SELECT account_id, account_name FROM form_submissions ORDER BY id DESC LIMIT 1')
      .get();
    expect(row).toEqual({
      account_id: DEMO_ACCOUNT_IDS.customer,
      account_name: 'Kahikatea Auto Repairs Ltd',
    });
  });

  it('accepts a rep message', async () => {
    const cookie = await t.login(DEMO_EMAILS.rep);
    const response = await submit(contactUs({ response: { ...CONTACT, email: 'rep@demo.test' } }), cookie);
    expect(response.statusCode).toBe(200);
  });

  it.each(requiredFieldNames(CONTACT_FIELDS))('requires %s', async (field) => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await submit(contactUs({ response: { ...CONTACT, [field]: '' } }), cookie);
    expect(response.json<ApiErrorBody>().message).toBe(`response.${field}: Required`);
  });

  it("refuses a customer writing for another customer's account", async () => {
    const cookie = await t.login(DEMO_EMAILS.customer);
    const response = await submit(contactUs({ accountId: DEMO_ACCOUNT_IDS.challenged }), cookie);
    expect(response.statusCode).toBe(403);
  });
});
