import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import { http } from '@promo/domain/http/http-client';
import {
  downloadBriefcase,
  keptBriefcase,
  stoppedDownload,
  type DownloadInput,
  type DownloadOutcome,
} from '@promo/domain/rep/briefcase-download';
import { markBriefcase } from '@promo/domain/rep/briefcase-marker';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';
import { queryOptions } from '@promo/domain/query';

/** POST /briefcase/page: one page of the rep's briefcase; `signal` stops it where it is. */
export const fetchBriefcasePage = (
  body: { branchID: string[]; after?: string; limit: number },
  signal?: AbortSignal,
): Promise<BriefcasePage> => http.post('/briefcase/page', body, signal);

/**
 * Downloads the briefcase of these branches into this device's briefcase (downloadBriefcase), one
 * download at a time on the device, across tabs where the browser can say so: a second waits, or
 * with `ifAvailable` gives up at once (undefined). Notes when the kept customers are from for the
 * rep's pages (briefcase-upkeep-trigger.ts).
 */
export async function keepCustomers(
  input: Omit<DownloadInput, 'fetchPage' | 'storage'>,
  { ifAvailable = false } = {},
): Promise<DownloadOutcome | undefined> {
  const download = async () => {
    const outcome = await downloadBriefcase({
      ...input,
      fetchPage: fetchBriefcasePage,
      storage: briefcaseStorage(),
    });
    if (outcome.status === 'complete') markBriefcase({ keptAt: outcome.kept.asAt });
    return outcome;
  };
  if (!navigator.locks) return download();
  return navigator.locks.request('ezy-briefcase-download', { ifAvailable }, (lock) =>
    lock ? download() : undefined,
  );
}

/**
 * What the device holds, read from the briefcase's own database: never part of the offline copy
 * (its keys are not the rep's kept queries), and read again after each download.
 */
export const briefcaseQueries = {
  all: () => ['briefcase'] as const,
  /** The kept briefcase's record and a stopped download's progress: the panel's line. */
  status: () =>
    queryOptions({
      queryKey: [...briefcaseQueries.all(), 'status'] as const,
      queryFn: async () => {
        const storage = briefcaseStorage();
        const kept = (await keptBriefcase(storage)) ?? null;
        markBriefcase({ keptAt: kept?.asAt ?? null });
        return { kept, stopped: (await stoppedDownload(storage)) ?? null };
      },
      staleTime: Infinity,
      networkMode: 'always',
    }),
};
