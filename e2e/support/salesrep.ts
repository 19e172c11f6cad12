import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import type {
  AccountSearchRequest,
  AccountSearchResponse,
  Branch,
  ConfigurationEntry,
} from '@promo/domain/types';
import { DEMO_PROMOTION_IDS } from '@promo/server/demo-logins';
import { signInWithApi } from './demo.ts';

/** Demo promotion ids (server README "Demo data"). */
export const REP_PROMOTIONS = {
  multiTarget: DEMO_PROMOTION_IDS.multiTarget,
  foodPack: DEMO_PROMOTION_IDS.foodPack,
} as const;

export interface RepSelection {
  selectedRegions: string[];
  selectedBranchIds: string[];
}

/**
 * A fresh rep for every region (POST /dev/fixtures/rep), signed in on this page; with a selection,
 * the ready-made one (Auckland and Waikato) is stored where the app keeps it (the browser's local storage).
 */
export async function signInAsFreshRep(
  page: Page,
  options: { withSelection?: boolean } = {},
): Promise<{ email: string; selection?: RepSelection }> {
  const response = await page.request.post('/api/v1/dev/fixtures/rep', {
    data: { withSelection: options.withSelection ?? false },
  });
  expect(response.ok(), await response.text()).toBe(true);
  const fixture = (await response.json()) as { email: string; password: string; selection?: RepSelection };
  await signInWithApi(page, fixture.email, fixture.password);
  if (fixture.selection) await storeSelection(page, fixture.selection);
  return { email: fixture.email, ...(fixture.selection ? { selection: fixture.selection } : {}) };
}

/** Writes a saved selection into the shell origin's local storage (a page of the origin is opened for it). */
async function storeSelection(page: Page, selection: RepSelection): Promise<void> {
  await page.goto('/salesrep/my-account');
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    SAVED_SELECTION_KEY,
    JSON.stringify(selection),
  ] as const);
}

/** What the server answers for a search, with the signed-in rep's cookie. */
export async function searchAsRep(page: Page, request: AccountSearchRequest): Promise<AccountSearchResponse> {
  const response = await page.request.post('/api/v1/account/search', { data: request });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as AccountSearchResponse;
}

export async function branchesAsRep(page: Page): Promise<Branch[]> {
  const response = await page.request.get('/api/v1/configuration/get?ids=branch.details');
  expect(response.ok()).toBe(true);
  const entries = (await response.json()) as ConfigurationEntry<'branch.details'>[];
  return entries[0]?.value ?? [];
}

export interface AuditEntry {
  source: string;
  event: string;
  data: { user: string; globalId: string; globalName: string };
  createdAt: number;
}

/** The audit events stored for a customer (development endpoint GET /dev/audit), newest first. */
export async function auditEventsFor(page: Page, globalId: string): Promise<AuditEntry[]> {
  const response = await page.request.get(`/api/v1/dev/audit?globalId=${encodeURIComponent(globalId)}`);
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as AuditEntry[];
}

/** axe-core on the current page: no serious or critical violation (WCAG 2.1 AA rules). */
export async function expectNoSeriousAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
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
