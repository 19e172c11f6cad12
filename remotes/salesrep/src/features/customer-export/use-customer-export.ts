import { CHECK_CONNECTION, failureKind } from '@promo/domain/http/failure-kind.rules';
import { errorMessage } from '@promo/domain/http/http-client';
import type { PromotionPace } from '@promo/domain/rep/rep-progress.rules';
import type { AccountSearchRequest } from '@promo/domain/types';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ExportState =
  | { status: 'idle' }
  | { status: 'running'; loaded: number; total: number | undefined }
  | { status: 'done'; count: number }
  | { status: 'failed'; message: string };

/**
 * Why an export stopped, in words: the server's reason when it gave one; a download or request that
 * got no answer asks to check the connection.
 */
export function exportFailure(error: unknown): string {
  return errorMessage(
    error,
    failureKind(error) === 'load'
      ? `The export failed. ${CHECK_CONNECTION}`
      : 'The export failed. Please try again.',
  );
}

/**
 * "Export CSV" (docs/product-rules.md, 'Needs attention and CSV export'): every page of the current
 * filtered, sorted list, fetched 100 at a time, written as CSV and downloaded as the file `fileParts`
 * name. Its code is fetched when pressed (csv-export.ts). Leaving the page stops it.
 */
export function useCustomerExport(
  request: AccountSearchRequest | null,
  pace: PromotionPace,
  fileParts: readonly string[],
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
      const { exportCustomers } = await import(/* webpackChunkName: "csv-export" */ './csv-export');
      const count = await exportCustomers(
        request,
        pace,
        fileParts,
        (loaded, total) => {
          if (!abort.signal.aborted) setState({ status: 'running', loaded, total });
        },
        abort.signal,
      );
      if (count !== undefined && !abort.signal.aborted) setState({ status: 'done', count });
    } catch (error) {
      if (abort.signal.aborted) return;
      setState({ status: 'failed', message: exportFailure(error) });
    }
  }, [request, pace, fileParts]);

  return { state, start };
}
