import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../api/audit-event.schema';
import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import type { BriefcaseStorage } from './briefcase-download';
import {
  holdQueuedViews,
  queueAuditEvent,
  queuedAuditEvents,
  sendHeldViews,
  sendQueuedAuditEvents,
  viewsHeld,
} from './audit-queue';

function memoryStorage(): BriefcaseStorage {
  const entries = new Map<string, unknown>();
  return {
    get: <T>(key: string) => Promise.resolve(structuredClone(entries.get(key)) as T | undefined),
    set: (key, value) => Promise.resolve(void entries.set(key, structuredClone(value))),
    del: (key) => Promise.resolve(void entries.delete(key)),
  };
}

const view = (globalId: string, user = 'rep@demo.test'): AuditEvent => ({
  source: 'salesrep',
  event: 'customer_promotion_view',
  data: { user, globalId, globalName: `Customer ${globalId}` },
});

describe('the offline audit queue', () => {
  it('sends every queued view in order once back online, and empties the queue', async () => {
    const storage = memoryStorage();
    await queueAuditEvent(storage, view('G1'));
    await queueAuditEvent(storage, view('G2'));
    const sent: string[] = [];
    const count = await sendQueuedAuditEvents(storage, (event) => {
      sent.push(event.data.globalId);
      return Promise.resolve({ ok: true });
    });
    expect(sent).toEqual(['G1', 'G2']);
    expect(count).toBe(2);
    expect(await queuedAuditEvents(storage)).toEqual([]);
  });

  it('keeps what a dropped connection or a server error did not send, for the next time', async () => {
    const storage = memoryStorage();
    await queueAuditEvent(storage, view('G1'));
    await queueAuditEvent(storage, view('G2'));
    const send = vi
      .fn<(event: AuditEvent) => Promise<unknown>>()
      .mockResolvedValueOnce({ ok: true })
      .mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    expect(await sendQueuedAuditEvents(storage, send)).toBe(1);
    expect((await queuedAuditEvents(storage)).map((event) => event.data.globalId)).toEqual(['G2']);
    send.mockRejectedValueOnce(new ApiError(503, 'Try again later.'));
    expect(await sendQueuedAuditEvents(storage, send)).toBe(0);
    expect(await queuedAuditEvents(storage)).toHaveLength(1);
  });

  it('drops an event the server refuses for good, and sends the rest', async () => {
    const storage = memoryStorage();
    await queueAuditEvent(storage, view('G9'));
    await queueAuditEvent(storage, view('G2'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const send = vi
      .fn<(event: AuditEvent) => Promise<unknown>>()
      .mockRejectedValueOnce(new ApiError(403, 'Account G9 is outside your regions.'))
      .mockResolvedValueOnce({ ok: true });
    expect(await sendQueuedAuditEvents(storage, send)).toBe(2);
    expect(send).toHaveBeenCalledTimes(2);
    expect(await queuedAuditEvents(storage)).toEqual([]);
  });
});

/** A briefcase whose queue holds these views, moved out of it as a sign-out does. */
async function holdViews(events: readonly AuditEvent[]) {
  const storage = memoryStorage();
  for (const event of events) await queueAuditEvent(storage, event);
  await holdQueuedViews(storage);
  expect(await queuedAuditEvents(storage)).toEqual([]);
}

describe('the views a sign-out holds', () => {
  // The domain's tests run in Node: a localStorage of their own, as a browser's.
  beforeEach(() => {
    const entries = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => entries.get(key) ?? null,
      setItem: (key: string, value: string) => void entries.set(key, value),
      removeItem: (key: string) => void entries.delete(key),
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("are sent under their own rep's session only, in order, and then no longer held", async () => {
    await holdViews([view('G1'), view('G2', 'other@demo.test')]);
    await holdViews([view('G3')]);
    expect(viewsHeld()).toBe(true);

    const sent: string[] = [];
    const send = (event: AuditEvent) =>
      Promise.resolve(void sent.push(`${event.data.user} ${event.data.globalId}`));
    await sendHeldViews('rep@demo.test', send);
    expect(sent).toEqual(['rep@demo.test G1', 'rep@demo.test G3']);
    expect(viewsHeld()).toBe(true);

    await sendHeldViews('other@demo.test', send);
    expect(sent.at(-1)).toBe('other@demo.test G2');
    expect(viewsHeld()).toBe(false);
  });

  it('stay held when the connection drops, for the next time', async () => {
    await holdViews([view('G1'), view('G2')]);
    const send = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new NetworkError(new TypeError('Failed to fetch')));
    await sendHeldViews('rep@demo.test', send);
    expect(send).toHaveBeenCalledTimes(2);

    const sent: string[] = [];
    await sendHeldViews('rep@demo.test', (event) => Promise.resolve(void sent.push(event.data.globalId)));
    expect(sent).toEqual(['G2']);
    expect(viewsHeld()).toBe(false);
  });

  it('holds nothing for no views', async () => {
    await holdViews([]);
    expect(viewsHeld()).toBe(false);
  });
});
