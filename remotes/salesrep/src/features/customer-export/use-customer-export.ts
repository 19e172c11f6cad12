import { errorMessage } from '@promo/domain/http';
import { searchAllAccounts } from '@promo/domain/rep';
import { CSV_BOM, toCsv } from '@promo/domain/rep-csv';
import { CUSTOMER_CSV_HEADER, customerCsvRecord } from '@promo/domain/rep-customer-list';
import { percentExcess, type PromotionPace } from '@promo/domain/rep-progress';
import type { AccountSearchRequest } from '@promo/domain/types';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; loaded: number; total: number | undefined }
  | { status: 'done'; count: number }
  | { status: 'failed'; message: string };

/** Hands the file to the browser as a download. */
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([CSV_BOM, text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so that the download can start.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * "Export CSV" (docs/product-rules.md, 'Needs attention and CSV export'): every page of the current filtered, sorted list, fetched 100 at a time,
 * written as CSV and downloaded. Leaving the page stops it.
 */
export function useCustomerExport(
  request: AccountSearchRequest | null,
  pace: PromotionPace,
  fileName: string,
) {
  const [state, setState] = useState<ExportState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(async () => {
    if (!request) return;
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ status: 'running', loaded: 0, total: undefined });
    try {
      const items = await searchAllAccounts(
        request,
        (loaded, total) => {
          if (!abort.signal.aborted) setState({ status: 'running', loaded, total });
        },
        abort.signal,
      );
      if (abort.signal.aborted) return;
      const records = items.map((item) =>
        customerCsvRecord(item, percentExcess(item.totalSpend, item.firstTarget, pace)),
      );
      download(fileName, toCsv(CUSTOMER_CSV_HEADER, records));
      setState({ status: 'done', count: items.length });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ status: 'failed', message: errorMessage(error, 'The export failed. Please try again.') });
    }
  }, [request, pace, fileName]);

  return { state, start };
}
