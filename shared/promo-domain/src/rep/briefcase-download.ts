import type { BriefcasePage } from '../api/briefcase.schema';
import { formatClockTime, formatLongDate } from '../format/clock-format';
import type { Account, Promotion } from '../types';

/**
 * The rep's briefcase on the device (docs/decisions/047-rep-briefcase.md): the pages of
 * POST /briefcase/page saved as they arrive, under a generation of their own, and a record of the
 * kept briefcase written only once every page is saved. A briefcase being downloaded (or refreshed)
 * is never read as kept: the one kept before stays the kept one until the new one is complete.
 */

/**
 * The briefcase's IndexedDB database (its one object store is 'keyval'): apart from the offline
 * copy, which is capped and written whole, and cleared with it at sign-out (shell/src/session/sign-out.ts).
 */
export const BRIEFCASE_STORE_NAME = 'promotion-pwa-briefcase';

/** Where the pages go: the shell's briefcase store (any key-value store that says when it is full). */
export interface BriefcaseStorage {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown): Promise<void>;
  del(key: string): Promise<void>;
}

/** The kept briefcase: what the offline screens read, and what the "Kept on this device" line says. */
export interface KeptBriefcase {
  generation: string;
  branchIds: string[];
  /** When the server read the figures: the briefcase's "as at". */
  asAt: number;
  customers: number;
  pages: number;
  promotions: Promotion[];
}

/** A download under way or stopped part way: resumed from `next`. */
interface DownloadState {
  generation: string;
  branchIds: string[];
  asAt: number;
  total: number;
  pages: number;
  saved: number;
  next: string | null;
  promotions: Promotion[];
}

const KEPT_KEY = 'briefcase:kept';
const DOWNLOAD_KEY = 'briefcase:download';
const pageKey = (generation: string, index: number) => `briefcase:${generation}:${index}`;

/** Customers a page asks for: 2,000 customers in four requests. */
const BRIEFCASE_PAGE_SIZE = 500;

/**
 * Bytes a customer adds to the download, compressed, and to the device, as the demo data measures
 * (docs/performance.md, 'Rep briefcase'): what the screen tells the rep before they start.
 */
const BYTES_PER_CUSTOMER = { transferred: 600, stored: 3600 } as const;

/** About how much a briefcase of `customers` downloads and keeps, in bytes. */
export function briefcaseSize(customers: number): { transferred: number; stored: number } {
  return {
    transferred: customers * BYTES_PER_CUSTOMER.transferred,
    stored: customers * BYTES_PER_CUSTOMER.stored,
  };
}

export type DownloadOutcome =
  | { status: 'complete'; kept: KeptBriefcase }
  /** Cancelled, or the connection dropped: the pages saved so far are kept for a resumed download. */
  | { status: 'stopped'; saved: number; total: number; reason: 'cancelled' | 'failed'; error?: unknown }
  /** The device refused to store more: nothing of this download is kept. */
  | { status: 'full' };

export interface DownloadInput {
  branchIds: readonly string[];
  /** One page; `signal` stops its request where it is when the download is cancelled. */
  fetchPage: (
    request: { branchID: string[]; after?: string; limit: number },
    signal?: AbortSignal,
  ) => Promise<BriefcasePage>;
  storage: BriefcaseStorage;
  onProgress?: (saved: number, total: number) => void;
  signal?: AbortSignal;
}

/** Whether a write failed because the device is out of space (a DOMException named QuotaExceededError). */
export function isQuotaExceeded(error: unknown): boolean {
  return error instanceof Error && error.name === 'QuotaExceededError';
}

const sameBranches = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

async function dropGeneration(storage: BriefcaseStorage, generation: string, pages: number): Promise<void> {
  for (let index = 0; index < pages; index += 1) await storage.del(pageKey(generation, index));
}

/** The download to carry on with: the stopped one for the same branches, else none. */
async function resumable(storage: BriefcaseStorage, branchIds: readonly string[]) {
  const state = await storage.get<DownloadState>(DOWNLOAD_KEY);
  if (state && sameBranches(state.branchIds, branchIds)) return state;
  if (state) {
    await dropGeneration(storage, state.generation, state.pages);
    await storage.del(DOWNLOAD_KEY);
  }
  return undefined;
}

/** The download complete: it becomes the kept briefcase, and the one kept before goes. */
async function keep(storage: BriefcaseStorage, state: DownloadState): Promise<KeptBriefcase> {
  const previous = await storage.get<KeptBriefcase>(KEPT_KEY);
  const kept: KeptBriefcase = {
    generation: state.generation,
    branchIds: state.branchIds,
    asAt: state.asAt,
    customers: state.saved,
    pages: state.pages,
    promotions: state.promotions,
  };
  await storage.set(KEPT_KEY, kept);
  await storage.del(DOWNLOAD_KEY);
  if (previous && previous.generation !== kept.generation)
    await dropGeneration(storage, previous.generation, previous.pages);
  return kept;
}

/**
 * Downloads the briefcase of these branches a page at a time, saving each page before asking for
 * the next, and resumes a stopped download of the same branches where it stopped. The figures' "as
 * at" is the first page's: a customer read later is no older than it.
 */
export async function downloadBriefcase(input: DownloadInput): Promise<DownloadOutcome> {
  const { storage, signal } = input;
  let state = await resumable(storage, input.branchIds);
  try {
    while (state === undefined || state.next !== null || state.pages === 0) {
      if (signal?.aborted)
        return { status: 'stopped', reason: 'cancelled', saved: state?.saved ?? 0, total: state?.total ?? 0 };
      const page = await input.fetchPage(
        {
          branchID: [...input.branchIds],
          ...(state?.next ? { after: state.next } : {}),
          limit: BRIEFCASE_PAGE_SIZE,
        },
        signal,
      );
      state ??= {
        generation: `g${page.asAt.toString(36)}${Math.random().toString(36).slice(2, 8)}`,
        branchIds: [...input.branchIds],
        asAt: page.asAt,
        total: page.total,
        pages: 0,
        saved: 0,
        next: null,
        promotions: page.promotions,
      };
      await storage.set(pageKey(state.generation, state.pages), page.accounts);
      state = {
        ...state,
        pages: state.pages + 1,
        saved: state.saved + page.accounts.length,
        next: page.next,
      };
      await storage.set(DOWNLOAD_KEY, state);
      input.onProgress?.(state.saved, state.total);
    }
    return { status: 'complete', kept: await keep(storage, state) };
  } catch (error) {
    // Cancelled while a page was on its way: its request stopped, and the pages before it are kept.
    if (signal?.aborted)
      return { status: 'stopped', reason: 'cancelled', saved: state?.saved ?? 0, total: state?.total ?? 0 };
    if (!isQuotaExceeded(error))
      return {
        status: 'stopped',
        reason: 'failed',
        saved: state?.saved ?? 0,
        total: state?.total ?? 0,
        error,
      };
    if (state) await dropGeneration(storage, state.generation, state.pages + 1);
    await storage.del(DOWNLOAD_KEY);
    return { status: 'full' };
  }
}

/** The kept briefcase's record, without its customers: for the "Kept on this device" line. */
export const keptBriefcase = (storage: BriefcaseStorage) => storage.get<KeptBriefcase>(KEPT_KEY);

/** The kept briefcase with every customer in it; undefined when none is complete. */
export async function readBriefcase(
  storage: BriefcaseStorage,
): Promise<{ kept: KeptBriefcase; accounts: Account[] } | undefined> {
  const kept = await keptBriefcase(storage);
  if (!kept) return undefined;
  const accounts: Account[] = [];
  for (let index = 0; index < kept.pages; index += 1)
    accounts.push(...((await storage.get<Account[]>(pageKey(kept.generation, index))) ?? []));
  return { kept, accounts };
}

/** How far a stopped download got, for "Resume (600 of 2,403)"; undefined when none is stopped. */
export async function stoppedDownload(
  storage: BriefcaseStorage,
): Promise<{ branchIds: string[]; saved: number; total: number } | undefined> {
  const state = await storage.get<DownloadState>(DOWNLOAD_KEY);
  return state && { branchIds: state.branchIds, saved: state.saved, total: state.total };
}

/** Whether the kept briefcase is of these branches (in any order). */
export const isKeptFor = (kept: Pick<KeptBriefcase, 'branchIds'>, branchIds: readonly string[]) =>
  sameBranches(kept.branchIds, branchIds);

/** 'Kept on this device, as at 7:42 AM', with the day when it is not today (the app's clock format). */
export function keptLabel(asAt: number, now: number): string {
  const at = new Date(asAt);
  const today = new Date(now).toDateString() === at.toDateString();
  return `Kept on this device, as at ${formatClockTime(at)}${today ? '' : ` on ${formatLongDate(at)}`}`;
}
