import { describe, expect, it } from 'vitest';
import type { BriefcasePage } from '../api/briefcase.schema';
import { buildAccount, buildPromotion } from '../testing/data-generators';
import {
  downloadBriefcase,
  keptLabel,
  keptBriefcase,
  readBriefcase,
  stoppedDownload,
  type BriefcaseStorage,
} from './briefcase-download';

const AS_AT = Date.UTC(2026, 10, 20, 18, 42);
const IDS = Array.from({ length: 1203 }, (_, index) => `G${String(100000 + index)}`);

/** A Map as the store, with a way to make it refuse writes after so many of them. */
function memoryStorage(options: { fullAfterWrites?: number } = {}) {
  const entries = new Map<string, unknown>();
  let writes = 0;
  const storage: BriefcaseStorage = {
    get: <T>(key: string) => Promise.resolve(structuredClone(entries.get(key)) as T | undefined),
    set: (key, value) => {
      writes += 1;
      if (options.fullAfterWrites !== undefined && writes > options.fullAfterWrites)
        return Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
      entries.set(key, structuredClone(value));
      return Promise.resolve();
    },
    del: (key) => Promise.resolve(void entries.delete(key)),
  };
  return { storage, entries, full: (after: number) => (options.fullAfterWrites = writes + after) };
}

/** The server's pages over IDS, recording what was asked; `failAt` makes that call fail once. */
function server(options: { failAt?: number } = {}) {
  const asked: (string | undefined)[] = [];
  const fetchPage = ({ after, limit }: { after?: string; limit: number }): Promise<BriefcasePage> => {
    asked.push(after);
    if (asked.length === options.failAt) return Promise.reject(new TypeError('Failed to fetch'));
    const start = after === undefined ? 0 : IDS.indexOf(after) + 1;
    const ids = IDS.slice(start, start + limit);
    return Promise.resolve({
      asAt: AS_AT,
      total: IDS.length,
      promotions: [buildPromotion()],
      accounts: ids.map((id) => buildAccount({ id, name: `Customer ${id}` })),
      next: start + limit < IDS.length ? (ids.at(-1) ?? null) : null,
    });
  };
  return { asked, fetchPage };
}

const ids = async (storage: BriefcaseStorage) =>
  (await readBriefcase(storage))?.accounts.map((account) => account.id);

describe('downloadBriefcase', () => {
  it('saves every page, reports customers done of the total, and keeps it once the last page is in', async () => {
    const { storage } = memoryStorage();
    const progress: [number, number][] = [];
    const { fetchPage, asked } = server();
    const outcome = await downloadBriefcase({
      branchIds: ['101'],
      fetchPage,
      storage,
      onProgress: (saved, total) => progress.push([saved, total]),
    });
    expect(outcome.status).toBe('complete');
    expect(asked).toHaveLength(3);
    expect(progress).toEqual([
      [500, 1203],
      [1000, 1203],
      [1203, 1203],
    ]);
    expect(await ids(storage)).toEqual(IDS);
    expect(await keptBriefcase(storage)).toMatchObject({ asAt: AS_AT, customers: 1203, branchIds: ['101'] });
  });

  it('resumes after a dropped connection where it stopped, neither repeating nor skipping a customer', async () => {
    const { storage } = memoryStorage();
    const dropping = server({ failAt: 2 });
    const stopped = await downloadBriefcase({ branchIds: ['101'], fetchPage: dropping.fetchPage, storage });
    expect(stopped).toMatchObject({ status: 'stopped', reason: 'failed', saved: 500, total: 1203 });
    expect(await keptBriefcase(storage)).toBeUndefined();
    expect(await stoppedDownload(storage)).toEqual({ branchIds: ['101'], saved: 500, total: 1203 });

    const again = server();
    expect(
      (await downloadBriefcase({ branchIds: ['101'], fetchPage: again.fetchPage, storage })).status,
    ).toBe('complete');
    expect(again.asked).toEqual([IDS[499], IDS[999]]);
    expect(await ids(storage)).toEqual(IDS);
    expect(await stoppedDownload(storage)).toBeUndefined();
  });

  it('stops when cancelled, and a download of other branches starts afresh', async () => {
    const { storage, entries } = memoryStorage();
    const controller = new AbortController();
    const outcome = await downloadBriefcase({
      branchIds: ['101'],
      fetchPage: server().fetchPage,
      storage,
      signal: controller.signal,
      onProgress: () => controller.abort(),
    });
    expect(outcome).toMatchObject({ status: 'stopped', reason: 'cancelled', saved: 500 });
    const other = server();
    await downloadBriefcase({ branchIds: ['202'], fetchPage: other.fetchPage, storage });
    expect(other.asked[0]).toBeUndefined();
    expect(await ids(storage)).toEqual(IDS);
    // The cancelled download's page is gone: three pages and the record, nothing else.
    expect(entries.size).toBe(4);
  });

  it('stops a page on its way when cancelled: its request ends, and the pages saved before it are kept', async () => {
    const { storage } = memoryStorage();
    const controller = new AbortController();
    const pages = server();
    const requests: AbortSignal[] = [];
    // The second page never arrives on its own: only the request's stop ends the wait.
    const fetchPage = (request: { after?: string; limit: number }, signal?: AbortSignal) => {
      if (request.after === undefined) return pages.fetchPage(request);
      if (!signal) return new Promise<never>(() => undefined);
      requests.push(signal);
      return new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    };
    const download = downloadBriefcase({
      branchIds: ['101'],
      fetchPage,
      storage,
      signal: controller.signal,
      onProgress: () => queueMicrotask(() => controller.abort()),
    });
    expect(await download).toMatchObject({ status: 'stopped', reason: 'cancelled', saved: 500, total: 1203 });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.aborted).toBe(true);
    expect(await stoppedDownload(storage)).toEqual({ branchIds: ['101'], saved: 500, total: 1203 });
  });

  it('on a full device keeps nothing of the download and leaves the briefcase kept before as it was', async () => {
    const { storage, entries, full } = memoryStorage();
    await downloadBriefcase({ branchIds: ['101'], fetchPage: server().fetchPage, storage });
    const before = await keptBriefcase(storage);
    const keys = [...entries.keys()];
    full(3);
    const outcome = await downloadBriefcase({ branchIds: ['101'], fetchPage: server().fetchPage, storage });
    expect(outcome).toEqual({ status: 'full' });
    expect(await keptBriefcase(storage)).toEqual(before);
    expect(await ids(storage)).toEqual(IDS);
    expect([...entries.keys()]).toEqual(keys);
  });

  it('keeps the briefcase kept before readable while a refresh is part way, and replaces it when done', async () => {
    const { storage, entries } = memoryStorage();
    await downloadBriefcase({ branchIds: ['101'], fetchPage: server().fetchPage, storage });
    const first = await keptBriefcase(storage);
    await downloadBriefcase({ branchIds: ['101'], fetchPage: server({ failAt: 2 }).fetchPage, storage });
    expect(await keptBriefcase(storage)).toEqual(first);
    expect(await ids(storage)).toEqual(IDS);
    await downloadBriefcase({ branchIds: ['101'], fetchPage: server().fetchPage, storage });
    expect((await keptBriefcase(storage))?.generation).not.toBe(first?.generation);
    expect(entries.size).toBe(4);
  });
});

describe('the kept briefcase’s line', () => {
  const asAt = new Date(2026, 10, 20, 7, 42).getTime();

  it('says when it was kept in the app’s clock format, with the day once it is not today', () => {
    expect(keptLabel(asAt, new Date(2026, 10, 20, 16, 5).getTime())).toBe(
      'Kept on this device, as at 7:42 AM',
    );
    expect(keptLabel(asAt, new Date(2026, 10, 21, 8, 0).getTime())).toBe(
      'Kept on this device, as at 7:42 AM on 20 November 2026',
    );
  });
});
