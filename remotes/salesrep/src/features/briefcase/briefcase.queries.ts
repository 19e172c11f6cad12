import type { BriefcasePage } from '@promo/domain/api/briefcase.schema';
import { http } from '@promo/domain/http/http-client';
import { keptBriefcase, stoppedDownload } from '@promo/domain/rep/briefcase-download';
import { queryOptions } from '@tanstack/react-query';
import { briefcaseStorage } from './briefcase-storage';

/** POST /briefcase/page: one page of the rep's briefcase. */
export const fetchBriefcasePage = (body: {
  branchID: string[];
  after?: string;
  limit: number;
}): Promise<BriefcasePage> => http.post('/briefcase/page', body);

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
        return {
          kept: (await keptBriefcase(storage)) ?? null,
          stopped: (await stoppedDownload(storage)) ?? null,
        };
      },
      staleTime: Infinity,
      networkMode: 'always',
    }),
};
