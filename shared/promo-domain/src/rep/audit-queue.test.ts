import { describe, expect, it, vi } from 'vitest';
import type { AuditEvent } from '../api/audit-event.schema';
import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import type { BriefcaseStorage } from './briefcase-download';
import { queueAuditEvent, queuedAuditEvents, sendQueuedAuditEvents } from './audit-queue';

function memoryStorage(): BriefcaseStorage {
  const entries = new Map<string, unknown>();
  return {
    get: <T>(key: string) => Promise.resolve(structuredClone(entries.get(key)) as T | undefined),
    set: (key, value) => Promise.resolve(void entries.set(key, structuredClone(value))),
    del: (key) => Promise.resolve(void entries.delete(key)),
  };
}

const view = (globalId: string): AuditEvent => ({
  source: 'salesrep',
  event: 'customer_promotion_view',
  data: { user: 'rep@demo.test', globalId, globalName: `Customer ${globalId}` },
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
