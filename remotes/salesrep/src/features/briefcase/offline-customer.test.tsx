import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import { queuedAuditEvents } from '@promo/domain/rep/audit-queue';
import { downloadBriefcase } from '@promo/domain/rep/briefcase-download';
import {
  buildAccount,
  buildMultiTargetPromotion,
  buildTargets,
  withFigures,
} from '@promo/domain/testing/data-generators';
import { apiCalls, mockApi } from '@promo/ui/testing';
import { onlineManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRep } from '../../testing/render-rep';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';

const PROMO = buildMultiTargetPromotion();
const ACCOUNT = withFigures(buildAccount({ id: 'G100007', name: 'Kept Customer Ltd' }), {
  promotionId: PROMO.id,
  targets: buildTargets(25_800, 28_300),
  totalSpend: 12_000,
});
const AS_AT = Date.now() - 60 * 60 * 1000;

/**
 * The browser says the device is offline (or back online), as navigator.onLine and its events do.
 * The query client is told only of a return online: a page opened offline has heard no event, and
 * its query client starts out believing it is online.
 */
function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    if (online) onlineManager.setOnline(true);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  const page: BriefcasePage = { asAt: AS_AT, total: 1, promotions: [PROMO], accounts: [ACCOUNT], next: null };
  await downloadBriefcase({
    branchIds: [],
    storage: briefcaseStorage(),
    fetchPage: () => Promise.resolve(page),
  });
  mockApi({
    'GET /account/get': () => HttpResponse.error(),
    'GET /promotion/get': () => HttpResponse.error(),
    'POST /audit/log': () => HttpResponse.error(),
  });
});
afterEach(() => {
  setOnline(true);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('A kept customer offline', () => {
  it(
    'opens from the briefcase, and the view’s audit event is queued and sent once back online',
    { timeout: 20_000 },
    async () => {
      setOnline(false);
      renderRep(`/salesrep/promotions/${PROMO.id}?customer=${ACCOUNT.id}`);
      expect(await screen.findByRole('heading', { name: 'Kept Customer Ltd' })).toBeVisible();
      expect(screen.getAllByText('$12,000.00')[0]).toBeVisible();
      // The one request sent before the page knew it was offline is stopped, not retried into an error.
      expect(apiCalls.callsTo('GET', '/account/get').length).toBeLessThanOrEqual(1);
      // The write and its two retries fail for want of a network: the event is queued.
      await waitFor(async () => expect(await queuedAuditEvents(briefcaseStorage())).toHaveLength(1), {
        timeout: 10_000,
      });

      mockApi({ 'POST /audit/log': () => ({ ok: true }) });
      const failedWrites = apiCalls.callsTo('POST', '/audit/log').length;
      setOnline(true);
      // Back online, the queued event reaches the server and leaves the queue: nothing is lost.
      await waitFor(async () => expect(await queuedAuditEvents(briefcaseStorage())).toEqual([]));
      const sentOnline = apiCalls.bodies('POST /audit/log').slice(failedWrites);
      expect(sentOnline.length).toBeGreaterThan(0);
      for (const body of sentOnline)
        expect(body).toEqual({
          source: 'salesrep',
          event: 'customer_promotion_view',
          data: { user: expect.any(String) as string, globalId: ACCOUNT.id, globalName: 'Kept Customer Ltd' },
        });
      expect(screen.getByRole('heading', { name: 'Kept Customer Ltd' })).toBeVisible();
      expect(screen.queryByText('This customer could not be loaded')).not.toBeInTheDocument();
    },
  );
  it(
    'opens the account details of a kept customer never opened, and queues that view’s audit event',
    { timeout: 20_000 },
    async () => {
      // The branch names are a nicety the details do without offline.
      mockApi({ 'GET /configuration/get': () => HttpResponse.error() });
      setOnline(false);
      renderRep(`/salesrep/promotions/${PROMO.id}?customer=${ACCOUNT.id}&view=account`);
      expect(await screen.findByRole('heading', { name: 'Primary Details' })).toBeVisible();
      expect(screen.getByText('Kept Customer Ltd')).toBeVisible();
      expect(screen.queryByText('This account could not be loaded')).not.toBeInTheDocument();
      await waitFor(
        async () =>
          expect(await queuedAuditEvents(briefcaseStorage())).toEqual([
            expect.objectContaining({
              event: 'customer_account_view',
              data: expect.objectContaining({ globalId: ACCOUNT.id }) as unknown,
            }),
          ]),
        { timeout: 10_000 },
      );
    },
  );
});
