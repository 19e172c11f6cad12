import { expect, test } from '@playwright/test';
import { JOIN_US_FIELDS } from '@promo/domain/public-forms-rules';
import { buildJoinUsValues } from '@promo/domain/testing';
import { origins, signInWithApi } from '../support/demo';
import { freshCustomer, freshRep } from '../support/public';

test('Join Us: the email is checked, the form submits with the exact success text and resets', async ({
  page,
}) => {
  await page.goto('/join-now');
  await expect(page.getByText('Fields marked with * are required.')).toBeVisible();
  const joinUs = buildJoinUsValues();
  // Every starred field but the email, by its label; the email is checked on its own below.
  const values = Object.fromEntries(
    JOIN_US_FIELDS.filter((field) => field.required && field.name !== 'email').map((field) => [
      field.label,
      joinUs[field.name],
    ]),
  );
  for (const [label, value] of Object.entries(values)) {
    await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  }
  const email = page.getByRole('textbox', { name: 'Email' });
  const submit = page.getByRole('button', { name: 'Submit' });
  await email.fill('aroha@kiwimotors');
  await expect(page.getByText('Incorrect email format')).toBeVisible();
  await expect(submit).toBeDisabled();
  await email.fill(joinUs.email);
  await expect(page.getByText('Incorrect email format')).toBeHidden();

  const sent = page.waitForRequest('**/api/v1/form-submission/submit');
  await submit.click();
  expect((await sent).postDataJSON()).toMatchObject({
    formConfigurationID: 'join-us',
    response: { companyName: joinUs.companyName, email: joinUs.email, customerId: '' },
  });
  await expect(page.getByText('Message submitted successfully.')).toBeVisible();
  for (const label of [...Object.keys(values), 'Email', 'Customer ID']) {
    await expect(page.getByRole('textbox', { name: label, exact: true })).toHaveValue('');
  }
  await expect(submit).toBeDisabled();
});

test('Contact Us as a customer: sends the account, thanks for 5 s with the form cleared, then /', async ({
  page,
  request,
}) => {
  const customer = await freshCustomer(request);
  await signInWithApi(page, customer.email, customer.password);
  const account = page.waitForResponse('**/api/v1/account/get**');
  await page.goto('/contact-us');
  await account;
  await page.getByRole('textbox', { name: 'First Name' }).fill('Aroha');
  await page.getByRole('textbox', { name: 'Email' }).fill('aroha@example.co.nz');
  await page.getByRole('textbox', { name: 'Message' }).fill('Please add my BNT account to Ezy Rewards.');
  const sent = page.waitForRequest('**/api/v1/form-submission/submit');
  await page.getByRole('button', { name: 'Submit' }).click();
  const body = (await sent).postDataJSON() as { accountId?: string; accountName?: string };
  expect(body.accountId).toBe(customer.accountId);
  expect(body.accountName).toEqual(expect.any(String));
  expect(body.accountName).not.toBe('');

  const thanks = page.getByText(
    'Thanks for contacting us, an Ezy Rewards team member will review your enquiry and will be in contact with you shortly.',
  );
  await expect(thanks).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'First Name' })).toHaveValue('');
  // The toast lasts 5 s, then the page goes to / (docs/product-rules.md, 'Contact Us').
  await expect(page).toHaveURL(`${origins.shell}/`, { timeout: 10_000 });
  await expect(thanks).toBeHidden();
});

test("Contact Us as a rep: first name, surname and email come from the rep's session", async ({
  page,
  request,
}) => {
  const rep = await freshRep(request);
  await signInWithApi(page, rep.email, rep.password);
  await page.goto('/contact-us');
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(rep.email);
  await expect(page.getByRole('textbox', { name: 'First Name' })).not.toHaveValue('');
  await expect(page.getByRole('textbox', { name: 'Last Name' })).not.toHaveValue('');
  await page.getByRole('textbox', { name: 'Message' }).fill('A question about one of my customers.');
  const sent = page.waitForRequest('**/api/v1/form-submission/submit');
  await page.getByRole('button', { name: 'Submit' }).click();
  expect((await sent).postDataJSON()).not.toHaveProperty('accountId');
  await expect(page.getByText(/^Thanks for contacting us/)).toBeVisible();
});
