import { ApiError, errorMessage } from '@promo/domain/http/http-client';
import type { DownloadOutcome } from '@promo/domain/rep/briefcase-download';
import { useQueryClient } from '@promo/domain/query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { briefcaseQueries, fetchBriefcasePage, keepCustomers } from './briefcase.queries';

export type DownloadState =
  | { status: 'idle' }
  | { status: 'counting' }
  | { status: 'confirm'; total: number }
  | { status: 'downloading'; saved: number; total: number }
  | { status: 'stopped'; saved: number; total: number; reason: 'cancelled' | 'failed' }
  | { status: 'full' }
  | { status: 'refused'; message: string };

/**
 * Asks the browser not to evict the briefcase under storage pressure, without waiting for the
 * answer: Firefox asks the user, who may never answer. Refused or absent, the briefcase is kept all
 * the same, only evictable.
 */
function askPersistentStorage(): void {
  try {
    navigator.storage?.persist?.().catch(() => undefined);
  } catch {
    // Best effort, as above.
  }
}

function afterDownload(outcome: DownloadOutcome): DownloadState {
  if (outcome.status === 'complete') return { status: 'idle' };
  if (outcome.status === 'full') return { status: 'full' };
  if (outcome.error instanceof ApiError)
    return { status: 'refused', message: errorMessage(outcome.error, 'The server refused the download.') };
  return { status: 'stopped', saved: outcome.saved, total: outcome.total, reason: outcome.reason };
}

/**
 * Keeping the rep's customers on the device (docs/decisions/047-rep-briefcase.md): counts them
 * first (one page of one customer) so the rep sees how many and about how much, then downloads with
 * progress, cancels, and resumes a stopped download where it stopped.
 */
export function useBriefcaseDownload(branchList: readonly string[]) {
  const queryClient = useQueryClient();
  // The same branches from one render to the next are the same list, whatever array holds them.
  const key = branchList.join('\n');
  const branchIds = useMemo(() => (key === '' ? [] : key.split('\n')), [key]);
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const count = useCallback(async () => {
    setState({ status: 'counting' });
    try {
      const first = await fetchBriefcasePage({ branchID: [...branchIds], limit: 1 });
      setState({ status: 'confirm', total: first.total });
    } catch (error) {
      setState({ status: 'refused', message: errorMessage(error, 'Your customers could not be counted.') });
    }
  }, [branchIds]);

  const download = useCallback(async () => {
    if (controller.current) return;
    const abort = new AbortController();
    controller.current = abort;
    askPersistentStorage();
    setState({ status: 'downloading', saved: 0, total: 0 });
    const outcome = await keepCustomers({
      branchIds,
      signal: abort.signal,
      onProgress: (saved, total) => setState({ status: 'downloading', saved, total }),
    });
    controller.current = null;
    setState(outcome ? afterDownload(outcome) : { status: 'idle' });
    await queryClient.invalidateQueries({ queryKey: briefcaseQueries.all() });
  }, [branchIds, queryClient]);

  const cancel = useCallback(() => controller.current?.abort(), []);
  const dismiss = useCallback(() => setState({ status: 'idle' }), []);
  return { state, count, download, cancel, dismiss };
}
