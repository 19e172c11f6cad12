import { accountQueries } from '@promo/domain/account/account.queries';
import { divisionDetailsQueries } from '@promo/domain/configuration/division-details.queries';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { repQueries } from '@promo/domain/rep/rep.queries';
import { currentSession } from '@promo/domain/session/session';
import { ANONYMOUS_SESSION } from '@promo/domain/session/session.rules';
import { buildAccount, buildPromotion } from '@promo/domain/testing/data-generators';
import type { Session } from '@promo/domain/types';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLocalStorageStore } from './offline-store';
import {
  createQueryPersister,
  PERSIST_DELAY_MS,
  PERSIST_MAX_AGE_MS,
  PERSIST_MAX_QUERIES,
  PERSISTED_QUERIES_KEY,
  persistedFor,
} from './query-persister';
import type { PersistedClient } from '@tanstack/query-persist-client-core';

const customer: Session = { role: 'customer', userid: 'u1', accountid: 'G100001' };
const otherCustomer: Session = { role: 'customer', userid: 'u2', accountid: 'G100002' };
const rep: Session = { role: 'rep', userid: 'r1' };

const promotionsKey = promotionQueries.current().queryKey;
const ownAccountKey = accountQueries.detail('G100001').queryKey;
const otherAccountKey = accountQueries.detail('G100002').queryKey;

function signedIn(session: Session) {
  currentSession.set(session);
}

describe('createQueryPersister', () => {
  const store = createLocalStorageStore(localStorage);
  const persisted = () => store.get<PersistedClient>(PERSISTED_QUERIES_KEY);
  let client: QueryClient;
  // Every persister a test starts listens to the shared session store; each is stopped after its
  // test, so none writes over the next test's copy.
  const stops: (() => void)[] = [];
  const started = (persister: ReturnType<typeof createQueryPersister>) => {
    stops.push(persister.subscribe());
    return persister;
  };

  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers({ now: new Date('2026-05-12T10:00:00Z') });
    client = new QueryClient();
  });

  afterEach(() => {
    stops.splice(0).forEach((stop) => stop());
    vi.restoreAllMocks();
    client.clear();
    vi.useRealTimers();
  });

  it("keeps the promotions and the customer's own account, in one write as soon as they arrive", async () => {
    started(createQueryPersister({ queryClient: client, store }));
    const set = vi.spyOn(store, 'set');
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion({ id: 'PROMO-1' })]);
    client.setQueryData(ownAccountKey, buildAccount({ id: 'G100001' }));
    client.setQueryData(otherAccountKey, buildAccount({ id: 'G100002' }));
    expect(set).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(set).toHaveBeenCalledTimes(1);
    const saved = await persisted();
    expect(saved?.buster).toBe(persistedFor(customer));
    expect(saved?.clientState.queries.map((query) => query.queryKey)).toEqual([promotionsKey, ownAccountKey]);
  });

  it("keeps the divisions' names and logos, which My Account and the tracking view show", async () => {
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    const divisionsKey = divisionDetailsQueries.list().queryKey;
    client.setQueryData(divisionsKey, [{ division: 'A', name: 'Autolign', logo: { id: 'division-logo-A' } }]);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect((await persisted())?.clientState.queries.map((query) => query.queryKey)).toEqual([divisionsKey]);
  });

  it("keeps a rep's promotions, branches, customer lists and viewed customers", async () => {
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(rep);
    const branchesKey = repQueries.branches().queryKey;
    const countsKey = repQueries.counts('PROMO-1', ['B1']).queryKey;
    const customersKey = repQueries.customers({
      offset: 0,
      limit: 10,
      filters: { branchID: ['B1'] },
    }).queryKey;
    client.setQueryData(promotionsKey, [buildPromotion()]);
    client.setQueryData(branchesKey, [
      { branchID: 'B1', branchName: 'Penrose', branch: 'PEN', division: 'A', region: 'Auckland' },
    ]);
    client.setQueryData(countsKey, { joined: 1, targeted: 2 });
    client.setQueryData(customersKey, { ids: [], items: [], total: 0 });
    client.setQueryData(otherAccountKey, buildAccount({ id: 'G100002' }));
    client.setQueryData(['session', 'get'], rep);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect((await persisted())?.clientState.queries.map((query) => query.queryKey)).toEqual([
      promotionsKey,
      branchesKey,
      countsKey,
      customersKey,
      otherAccountKey,
    ]);
  });

  it('keeps only the most recently fetched queries, in their order, past the limit', async () => {
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(rep);
    const pageKey = (offset: number) => repQueries.customers({ offset, limit: 10 }).queryKey;
    for (let page = 0; page < PERSIST_MAX_QUERIES + 5; page += 1) {
      client.setQueryData(pageKey(page * 10), { ids: [], items: [], total: 1000 });
      await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    }
    const kept = (await persisted())?.clientState.queries.map((query) => query.queryKey) ?? [];
    expect(kept).toHaveLength(PERSIST_MAX_QUERIES);
    expect(kept[0]).toEqual(pageKey(50));
    expect(kept.at(-1)).toEqual(pageKey((PERSIST_MAX_QUERIES + 4) * 10));
  });

  it('restores the same user\'s data with the time it was fetched, for the "as at" label', async () => {
    const fetchedAt = Date.now();
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    client.setQueryData(ownAccountKey, buildAccount({ id: 'G100001', name: 'Kept Motors' }));
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);

    vi.setSystemTime(fetchedAt + 60 * 60 * 1000);
    const nextStart = new QueryClient();
    const restored = await createQueryPersister({ queryClient: nextStart, store }).restore(customer);
    expect(restored).toBe(true);
    expect(nextStart.getQueryData(ownAccountKey)).toMatchObject({ name: 'Kept Motors' });
    expect(nextStart.getQueryState(ownAccountKey)?.dataUpdatedAt).toBe(fetchedAt);
    nextStart.clear();
  });

  it("never restores another user's copy, and deletes it", async () => {
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion()]);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);

    const nextStart = new QueryClient();
    expect(await createQueryPersister({ queryClient: nextStart, store }).restore(otherCustomer)).toBe(false);
    expect(nextStart.getQueryData(promotionsKey)).toBeUndefined();
    expect(await persisted()).toBeUndefined();
  });

  it('restores nothing for a signed-out start', async () => {
    await store.set(PERSISTED_QUERIES_KEY, {
      buster: persistedFor(customer),
      timestamp: Date.now(),
      clientState: { mutations: [], queries: [] },
    });
    expect(await createQueryPersister({ queryClient: client, store }).restore(ANONYMOUS_SESSION)).toBe(false);
    expect(await persisted()).toBeUndefined();
  });

  it('drops a copy in an older shape', async () => {
    await store.set(PERSISTED_QUERIES_KEY, {
      version: 1,
      owner: 'customer:u1',
      savedAt: Date.now(),
      state: { mutations: [], queries: [] },
    });
    expect(await createQueryPersister({ queryClient: client, store }).restore(customer)).toBe(false);
    expect(await persisted()).toBeUndefined();
  });

  it('drops a copy older than the maximum age', async () => {
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion()]);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);

    vi.setSystemTime(Date.now() + PERSIST_MAX_AGE_MS + 1);
    expect(await createQueryPersister({ queryClient: new QueryClient(), store }).restore(customer)).toBe(
      false,
    );
  });

  it('keeps the last copy of a query the cache has garbage-collected', async () => {
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    client.setQueryData(promotionQueries.detail('PROMO-1').queryKey, buildPromotion({ id: 'PROMO-1' }));
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    client.removeQueries({ queryKey: promotionQueries.detail('PROMO-1').queryKey });
    client.setQueryData(promotionsKey, [buildPromotion()]);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect((await persisted())?.clientState.queries.map((query) => query.queryKey)).toEqual([
      promotionQueries.detail('PROMO-1').queryKey,
      promotionsKey,
    ]);
  });

  it('deletes the copy when the session turns anonymous, and on discard', async () => {
    const persister = started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion()]);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(await persisted()).toBeDefined();

    signedIn(ANONYMOUS_SESSION);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(await persisted()).toBeUndefined();

    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion()]);
    await persister.discard();
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(await persisted()).toBeUndefined();
  });

  it('removes a copy that was being written as the user signed out', async () => {
    const slowStore = {
      ...store,
      set: (key: string, value: unknown) =>
        new Promise<void>((resolve) => setTimeout(() => resolve(void store.set(key, value)), 50)),
    };
    const persister = started(createQueryPersister({ queryClient: client, store: slowStore }));
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion()]);
    const writing = persister.flush();
    const discarding = persister.discard();
    await vi.advanceTimersByTimeAsync(100);
    await Promise.all([writing, discarding]);
    expect(await persisted()).toBeUndefined();
  });

  it('puts nothing back when a discard overtakes a restore still reading', async () => {
    started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    client.setQueryData(ownAccountKey, buildAccount({ id: 'G100001' }));
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(await persisted()).toBeDefined();

    let release = () => {};
    // The copy is read before the sign-out, and its answer arrives after it.
    const slowRead = {
      ...store,
      get: async <T>(key: string) => {
        const value = await store.get<T>(key);
        return new Promise<T | undefined>((resolve) => {
          release = () => resolve(value);
        });
      },
    };
    const nextStart = new QueryClient();
    const next = createQueryPersister({ queryClient: nextStart, store: slowRead });
    const restoring = next.restore(customer);
    await vi.advanceTimersByTimeAsync(0);
    await next.discard();
    release();
    expect(await restoring).toBe(false);
    expect(nextStart.getQueryData(ownAccountKey)).toBeUndefined();
    nextStart.clear();
  });

  it('saves at once on flush, and a flush waits for a write already under way', async () => {
    const persister = started(createQueryPersister({ queryClient: client, store }));
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion()]);
    await persister.flush();
    expect(await persisted()).toBeDefined();

    client.setQueryData(ownAccountKey, buildAccount({ id: 'G100001' }));
    vi.advanceTimersByTime(PERSIST_DELAY_MS);
    await persister.flush();
    expect((await persisted())?.clientState.queries.map((query) => query.queryKey)).toEqual([
      promotionsKey,
      ownAccountKey,
    ]);
  });

  it('writes a save still waiting when the page closes, before pagehide returns', () => {
    const persister = started(createQueryPersister({ queryClient: client, store }));
    const closing = vi.spyOn(store, 'setBeforeUnload');
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion({ id: 'PROMO-1' })]);
    persister.saveBeforeUnload();
    expect(closing).toHaveBeenCalledTimes(1);
    const saved = JSON.parse(
      localStorage.getItem(`promotion-pwa:${PERSISTED_QUERIES_KEY}`) ?? '{}',
    ) as PersistedClient;
    expect(saved.buster).toBe(persistedFor(customer));
    expect(saved.clientState.queries.map((query) => query.queryKey)).toEqual([promotionsKey]);
  });

  it('writes at pagehide while a write is under way, and not once every write has landed', async () => {
    const persister = started(createQueryPersister({ queryClient: client, store }));
    let land = () => {};
    const set = vi
      .spyOn(store, 'set')
      .mockImplementationOnce(() => new Promise<void>((resolve) => (land = resolve)));
    const closing = vi.spyOn(store, 'setBeforeUnload');
    signedIn(customer);
    client.setQueryData(promotionsKey, [buildPromotion()]);
    await vi.advanceTimersByTimeAsync(PERSIST_DELAY_MS);
    expect(set).toHaveBeenCalledTimes(1);
    persister.saveBeforeUnload();
    expect(closing).toHaveBeenCalledTimes(1);

    land();
    await persister.flush();
    persister.saveBeforeUnload();
    expect(closing).toHaveBeenCalledTimes(1);
  });
});
