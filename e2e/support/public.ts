import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AssociationsConfirmationStatus } from '@promo/domain/types';

/** A fresh customer made by the reference server's dev fixtures (server README "Development endpoints"). */
export interface FixtureCustomer {
  email: string;
  password: string;
  accountId: string;
}

export async function freshCustomer(
  request: APIRequestContext,
  scenario: AssociationsConfirmationStatus = 'confirmed',
): Promise<FixtureCustomer> {
  const response = await request.post('/api/v1/dev/fixtures/customer', { data: { scenario } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as FixtureCustomer;
}

export async function freshRep(request: APIRequestContext): Promise<{ email: string; password: string }> {
  const response = await request.post('/api/v1/dev/fixtures/rep', { data: {} });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { email: string; password: string };
}

/** Issues an invitation to register `email` for `accountId` (the back office's step; server README "Registration by invitation"). */
export async function invite(request: APIRequestContext, accountId: string, email: string): Promise<void> {
  const response = await request.post('/api/v1/dev/invitations', { data: { customerID: accountId, email } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Every e-mail the development outbox holds for `to`, newest first. */
export async function outboxFor(request: APIRequestContext, to: string): Promise<OutboxEmail[]> {
  const response = await request.get('/api/v1/dev/outbox', { params: { to } });
  expect(response.ok()).toBe(true);
  return (await response.json()) as OutboxEmail[];
}

interface OutboxEmail {
  to: string;
  subject: string;
  text: string;
  /** The e-mail's links as site paths, e.g. '/reset-password?hash=…&email=…'. */
  paths: string[];
}

/** Waits for the development outbox to hold an e-mail to `to` whose subject matches, and returns its first link path. */
export async function emailLink(request: APIRequestContext, to: string, subject: RegExp): Promise<string> {
  let found: OutboxEmail | undefined;
  await expect
    .poll(
      async () => {
        const emails = await outboxFor(request, to);
        found = emails.find((email) => subject.test(email.subject));
        return found !== undefined;
      },
      { message: `an e-mail to ${to} with subject ${String(subject)}` },
    )
    .toBe(true);
  const path = found?.paths[0];
  if (!path) throw new Error(`The e-mail to ${to} has no link.`);
  return path;
}

/**
 * An axe-core scan of the whole page (iframes included): no serious or critical violation. The
 * failure message lists each rule with the elements it found.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
  expect(serious).toEqual([]);
}

/** Every form field on the page has a label (an associated <label>, aria-label or aria-labelledby). */
export async function expectEveryFieldLabelled(page: Page): Promise<void> {
  const unlabelled = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>(
        'input:not([type="hidden"]), textarea, select',
      ),
    ]
      .filter(
        (field) =>
          (field.labels?.length ?? 0) === 0 &&
          !field.getAttribute('aria-label') &&
          !field.getAttribute('aria-labelledby'),
      )
      .map((field) => field.outerHTML),
  );
  expect(unlabelled).toEqual([]);
}
