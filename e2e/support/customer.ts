import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test as baseTest, type Page } from '@playwright/test';
import type { AssociationsConfirmationStatus } from '@promo/domain/types';
import { DEMO_PROMOTION_IDS } from '@promo/server/demo-logins';
import { signInWithApi } from './demo.ts';

/**
 * The customer specs' test and expect: these flows span several screens, and the e2e stack shares a
 * small machine with builds and other suites, so they get more time than Playwright's defaults
 * (30 s a test, 5 s an assertion); each spec file sets FLOW_TIMEOUT_MS. A passing run is no slower.
 */
export const test = baseTest;
export const expect = baseExpect.configure({ timeout: 15_000 });
export const FLOW_TIMEOUT_MS = 120_000;

/** Demo promotion ids (server README "Demo data"). */
export const PROMOTIONS = {
  multiTarget: DEMO_PROMOTION_IDS.multiTarget,
  singleTarget: DEMO_PROMOTION_IDS.foodPack,
  finished: DEMO_PROMOTION_IDS.finished,
} as const;

export type CustomerScenario = AssociationsConfirmationStatus;

/**
 * A fresh customer cloned from the demo customer of that scenario (same divisions, promotions and
 * progress), signed in on this page. Tests that change data use these, never the shared demo logins.
 */
export async function signInAsFreshCustomer(
  page: Page,
  scenario: CustomerScenario,
): Promise<{ email: string; accountId: string }> {
  const response = await page.request.post('/api/v1/dev/fixtures/customer', { data: { scenario } });
  expect(response.ok(), await response.text()).toBe(true);
  const fixture = (await response.json()) as { email: string; password: string; accountId: string };
  await signInWithApi(page, fixture.email, fixture.password);
  return fixture;
}

export { watchEchartsDownloads } from './demo.ts';

/**
 * axe-core on the current page: no serious or critical violation (WCAG 2.1 AA rules). HTML authored
 * on the server (promotion details, prizes, terms) is left out: its accessibility is the content's,
 * and the demo's prize HTML carries an <img> without alt on purpose (it exercises the sanitiser).
 */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-server-html]')
    .analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
  expect(serious).toEqual([]);
}
