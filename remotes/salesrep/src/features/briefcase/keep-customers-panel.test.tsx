import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import { formatClockTime } from '@promo/domain/format/clock-format';
import { readBriefcase } from '@promo/domain/rep/briefcase-download';
import { SAVED_SELECTION_KEY } from '@promo/domain/rep/saved-selection.rules';
import { buildAccount, buildBranches, buildPromotion } from '@promo/domain/testing/data-generators';
import { apiError, mockApi, type ApiCall } from '@promo/ui/testing';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRep } from '../../testing/render-rep';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';

const IDS = Array.from({ length: 620 }, (_, index) => `G${String(200000 + index)}`);
/** Kept a minute ago: not yet due a refresh. */
const AS_AT = Date.now() - 60_000;

/** The server's pages over IDS, as POST /briefcase/page answers them. */
function briefcasePage(call: ApiCall): BriefcasePage {
  const { after, limit } = call.body as { after?: string; limit: number };
  const start = after === undefined ? 0 : IDS.indexOf(after) + 1;
  const ids = IDS.slice(start, start + limit);
  return {
    asAt: AS_AT,
    total: IDS.length,
    promotions: [buildPromotion()],
    accounts: ids.map((id) => buildAccount({ id })),
    next: start + limit < IDS.length ? (ids.at(-1) ?? null) : null,
  };
}

let persist: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  persist = vi.fn(() => Promise.resolve(true));
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist } });
  localStorage.setItem(
    SAVED_SELECTION_KEY,
    JSON.stringify({ selectedRegions: ['Auckland'], selectedBranchIds: ['101', '102'] }),
  );
  mockApi({ 'GET /configuration/get': () => [{ id: 'branch.details', value: buildBranches() }] });
});
afterEach(() => {
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'storage');
  vi.unstubAllGlobals();
});

describe('Keep my customers on this device', () => {
  it('says how many customers and how much first, asks to persist, shows progress and then when it was kept', async () => {
    const calls = mockApi({ 'POST /briefcase/page': briefcasePage });
    const user = userEvent.setup();
    renderRep('/salesrep/my-branches');
    await user.click(await screen.findByRole('button', { name: 'Keep my customers on this device' }));
    expect(
      await screen.findByText(/^620 customers: about 0\.4 MB to download and 2\.2 MB on this device\.$/),
    ).toBeVisible();
    expect(persist).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Keep them' }));
    expect(
      await screen.findByText(`Kept on this device, as at ${formatClockTime(new Date(AS_AT))}.`),
    ).toBeVisible();
    expect(persist).toHaveBeenCalledOnce();
    expect(calls.bodies('POST /briefcase/page')).toEqual([
      { branchID: ['101', '102'], limit: 1 },
      { branchID: ['101', '102'], limit: 500 },
      { branchID: ['101', '102'], after: IDS[499], limit: 500 },
    ]);
    const kept = await readBriefcase(briefcaseStorage());
    expect(kept?.accounts.map((account) => account.id)).toEqual(IDS);
    expect(screen.getByRole('button', { name: 'Refresh now' })).toBeEnabled();
  });

  it('reports a server refusal in its own words and keeps nothing', async () => {
    mockApi({ 'POST /briefcase/page': () => apiError(403, 'Only sales reps can keep customers.') });
    const user = userEvent.setup();
    renderRep('/salesrep/my-branches');
    await user.click(await screen.findByRole('button', { name: 'Keep my customers on this device' }));
    expect(await within(screen.getByTestId('page')).findByRole('alert')).toHaveTextContent(
      'Only sales reps can keep customers.',
    );
    expect(await readBriefcase(briefcaseStorage())).toBeUndefined();
  });

  it('says the device is full, and shows nothing half-saved as kept', async () => {
    mockApi({ 'POST /briefcase/page': briefcasePage });
    // The third write and every one after it: the device is full.
    const put = Object.getOwnPropertyDescriptor(IDBObjectStore.prototype, 'put')?.value as (
      this: IDBObjectStore,
      ...args: Parameters<IDBObjectStore['put']>
    ) => IDBRequest<IDBValidKey>;
    let writes = 0;
    const full = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      ...args
    ) {
      writes += 1;
      if (writes > 2) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const user = userEvent.setup();
    renderRep('/salesrep/my-branches');
    await user.click(await screen.findByRole('button', { name: 'Keep my customers on this device' }));
    await user.click(await screen.findByRole('button', { name: 'Keep them' }));
    expect(await within(screen.getByTestId('page')).findByRole('alert')).toHaveTextContent(
      'This device is full, so your customers could not be kept.',
    );
    expect(screen.queryByText(/^Kept on this device/)).not.toBeInTheDocument();
    full.mockRestore();
    expect(await readBriefcase(briefcaseStorage())).toBeUndefined();
  });
});
