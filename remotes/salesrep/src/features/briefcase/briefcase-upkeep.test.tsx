import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import {
  holdQueuedViews,
  queueAuditEvent,
  queuedAuditEvents,
  viewsHeld,
} from '@promo/domain/rep/audit-queue';
import { readBriefcase } from '@promo/domain/rep/briefcase-download';
import { BRIEFCASE_REFRESH_AFTER_MS } from '@promo/domain/rep/briefcase-refresh.rules';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import {
  buildAccount,
  buildBranches,
  buildCustomerView,
  buildPromotion,
} from '@promo/domain/testing/data-generators';
import { apiCalls, mockApi } from '@promo/ui/testing';
import { waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRep } from '../../testing/render-rep';
import { keepCustomers } from './briefcase.queries';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';
import { markBriefcase, readBriefcaseMarker } from '@promo/domain/rep/briefcase-marker';
import { upkeepDue } from './briefcase-upkeep-trigger';

const NOW = Date.now();
const HOURS_AGO = NOW - BRIEFCASE_REFRESH_AFTER_MS - 60_000;

/** One page of the rep's briefcase, kept as at `asAt`. */
const pageAsAt = (asAt: number): BriefcasePage => ({
  asAt,
  total: 1,
  promotions: [buildPromotion()],
  accounts: [buildAccount({ id: 'G200001' })],
  next: null,
});

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  localStorage.setItem(
    SAVED_SELECTION_KEY,
    JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] }),
  );
});
afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

describe('upkeepDue', () => {
  it('is due with views waiting to be sent, or kept customers older than a few hours; not otherwise', () => {
    expect(upkeepDue({ keptAt: null, viewsQueued: false }, NOW)).toBe(false);
    expect(upkeepDue({ keptAt: NOW - 60_000, viewsQueued: false }, NOW)).toBe(false);
    expect(upkeepDue({ keptAt: HOURS_AGO, viewsQueued: false }, NOW)).toBe(true);
    expect(upkeepDue({ keptAt: null, viewsQueued: true }, NOW)).toBe(true);
  });
});

describe("Looking after the rep's briefcase, on any of the rep's pages", () => {
  it('refreshes kept customers older than a few hours in the background when the dashboard opens online', async () => {
    mockApi({ 'POST /briefcase/page': () => pageAsAt(HOURS_AGO) });
    await keepCustomers({ branchIds: ['101', '102'] });
    expect(readBriefcaseMarker().keptAt).toBe(HOURS_AGO);

    mockApi({
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
      'GET /promotion/get': () => [],
      'POST /briefcase/page': () => pageAsAt(NOW),
    });
    renderRep('/salesrep');
    await waitFor(async () => expect((await readBriefcase(briefcaseStorage()))?.kept.asAt).toBe(NOW));
    expect(apiCalls.bodies('POST /briefcase/page').at(-1)).toEqual({ branchID: ['101', '102'], limit: 500 });
    expect(readBriefcaseMarker().keptAt).toBe(NOW);
  });

  it('sends the views queued offline once a page opens online, and notes that none wait', async () => {
    const event = buildCustomerView('G200001', 'Kept Ltd');
    await queueAuditEvent(briefcaseStorage(), event);
    markBriefcase({ viewsQueued: true });
    mockApi({
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
      'GET /promotion/get': () => [],
      'POST /audit/log': () => ({ ok: true }),
    });
    renderRep('/salesrep');
    await waitFor(async () => expect(await queuedAuditEvents(briefcaseStorage())).toEqual([]));
    expect(apiCalls.bodies('POST /audit/log')).toEqual([event]);
    await waitFor(() => expect(readBriefcaseMarker().viewsQueued).toBe(false));
  });

  it('sends each queued view once when a second send is asked for while the first runs', async () => {
    const first = buildCustomerView('G200001', 'Kept Ltd');
    const second = buildCustomerView('G200002', 'Also Kept Ltd');
    await queueAuditEvent(briefcaseStorage(), first);
    await queueAuditEvent(briefcaseStorage(), second);
    let answer: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (answer = resolve));
    mockApi({
      'POST /audit/log': async () => {
        await held;
        return { ok: true };
      },
    });
    // Loading the module starts a send of its own when online, as a page's load does.
    const { sendQueuedViews } = await import('./offline-briefcase');
    const sends = [sendQueuedViews(), sendQueuedViews()];
    await waitFor(() => expect(apiCalls.bodies('POST /audit/log')).toHaveLength(1));
    answer();
    await Promise.all(sends);
    expect(apiCalls.bodies('POST /audit/log')).toEqual([first, second]);
    expect(await queuedAuditEvents(briefcaseStorage())).toEqual([]);
  });

  it("sends the views a sign-out held for this rep once their dashboard opens online, and none of another rep's", async () => {
    const mine = buildCustomerView('G200001', 'Kept Ltd');
    const theirs = { ...buildCustomerView('G200002'), data: { ...mine.data, user: 'other.rep@demo.test' } };
    await queueAuditEvent(briefcaseStorage(), mine);
    await queueAuditEvent(briefcaseStorage(), theirs);
    await holdQueuedViews(briefcaseStorage());
    // As sign-out leaves it (shell/src/session/sign-out.ts).
    markBriefcase({ keptAt: null, viewsQueued: true });
    mockApi({
      'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
      'GET /promotion/get': () => [],
      'POST /audit/log': () => ({ ok: true }),
    });
    renderRep('/salesrep');
    await waitFor(() => expect(apiCalls.bodies('POST /audit/log')).toEqual([mine]));
    expect(viewsHeld()).toBe(true);
    // Another rep's views still wait: their rep's next page online looks after them.
    await waitFor(() => expect(readBriefcaseMarker().viewsQueued).toBe(true));
  });
});
