import { errorMessage } from '@promo/domain/http/http-client';
import { searchAllAccounts } from '@promo/domain/rep/rep.queries';
import { toCsv } from '@promo/domain/rep/csv';
import { CUSTOMER_CSV_HEADER, customerCsvRecord } from '@promo/domain/rep/customer-list.rules';
import { percentExcess, type PromotionPace } from '@promo/domain/rep/rep-progress.rules';
import type { AccountSearchRequest } from '@promo/domain/types';
import { useCallback, useEffect, useRef, useState } from 'react';
import { downloadCsv } from './download-csv';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; loaded: number; total: number | undefined }
  | { status: 'done'; count: number }
  | { status: 'failed'; message: string };

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
      downloadCsv(fileName, toCsv(CUSTOMER_CSV_HEADER, records));
      setState({ status: 'done', count: items.length });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ status: 'failed', message: errorMessage(error, 'The export failed. Please try again.') });
    }
  }, [request, pace, fileName]);

  return { state, start };
}
