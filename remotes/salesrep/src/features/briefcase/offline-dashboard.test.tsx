import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import { downloadBriefcase } from '@promo/domain/rep/briefcase-download';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import {
  buildAccount,
  buildBranches,
  buildDivisionAccount,
  buildMultiTargetPromotion,
  buildTargets,
  withFigures,
} from '@promo/domain/testing/data-generators';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse } from 'msw';
import { mockApi } from '@promo/ui/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRep } from '../../testing/render-rep';

const PROMO = buildMultiTargetPromotion();
const inBranch = (id: string, branchID: string) =>
  buildAccount({ id, divisionDetails: [buildDivisionAccount({ id: `A${id}`, branchID })] });
/** Two customers of branch 101 with targets, one of them joined; one of another branch. */
const ACCOUNTS = [
  withFigures(inBranch('G100001', '101'), { promotionId: PROMO.id, targets: buildTargets(25_800, 28_300) }),
  {
    ...withFigures(inBranch('G100002', '101'), { promotionId: PROMO.id, targets: buildTargets(9_000) }),
    enrolledPromotions: [],
  },
  withFigures(inBranch('G100003', '901'), { promotionId: PROMO.id, targets: buildTargets(9_000) }),
];

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  const page: BriefcasePage = {
    asAt: Date.now(),
    total: 3,
    promotions: [PROMO],
    accounts: ACCOUNTS,
    next: null,
  };
  await downloadBriefcase({
    branchIds: ['101'],
    storage: briefcaseStorage(),
    fetchPage: () => Promise.resolve(page),
  });
  localStorage.setItem(
    SAVED_SELECTION_KEY,
    JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101'] }),
  );
  // Offline: only what the device holds answers. The branch list is the offline copy's.
  mockApi({
    'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }],
    'GET /promotion/get': () => HttpResponse.error(),
    'POST /account/search': () => HttpResponse.error(),
  });
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
});
afterEach(() => {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
  act(() => onlineManager.setOnline(true));
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("The rep's dashboard offline, with customers kept", () => {
  it('lists the kept promotions, each with its customers joined out of those targeted, counted on the device', async () => {
    renderRep('/salesrep');
    const card = (await screen.findByRole('heading', { name: PROMO.name })).closest('article');
    expect(card).not.toBeNull();
    expect(await within(card as HTMLElement).findByText('1 / 2')).toBeVisible();
  });
});
