import { searchAllAccounts } from '@promo/domain/rep/rep.queries';
import { CSV_BOM, csvFileName, toCsv } from '@promo/domain/rep/csv';
import {
  BRANCH_ROLLUP_CSV_HEADER,
  branchRollupCsvRecord,
  CUSTOMER_CSV_HEADER,
  customerCsvRecord,
} from '@promo/domain/rep/export-records.rules';
import { percentExcess, type PromotionPace } from '@promo/domain/rep/rep-progress.rules';
import type { AccountSearchRequest, BranchRollup } from '@promo/domain/types';

/**
 * What "Export CSV" runs once it is pressed: a chunk of its own (`csv-export`), so the customer
 * table and the branch roll-up carry only their buttons (docs/performance.md, 'Bytes and Lighthouse').
 */

/** Hands a CSV file to the browser as a download, with the byte order mark Excel needs for UTF-8. */
function downloadCsv(fileName: string, text: string): void {
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
 * Every page of the customer search `request`, fetched 100 at a time, written as CSV and downloaded
 * as the file `fileParts` name (dated today in NZ). Resolves with the number of customers written,
 * or undefined once `signal` has stopped it.
 */
export async function exportCustomers(
  request: AccountSearchRequest,
  pace: PromotionPace,
  fileParts: readonly string[],
  onProgress: (loaded: number, total: number) => void,
  signal: AbortSignal,
): Promise<number | undefined> {
  const items = await searchAllAccounts(request, onProgress, signal);
  if (signal.aborted) return undefined;
  const records = items.map((item) =>
    customerCsvRecord(item, percentExcess(item.totalSpend, item.firstTarget, pace)),
  );
  downloadCsv(csvFileName(fileParts, Date.now()), toCsv(CUSTOMER_CSV_HEADER, records));
  return items.length;
}

/** The branch roll-up, in the order it is sorted on screen, downloaded as CSV. */
export function exportBranchRollup(rows: readonly BranchRollup[], promotionId: string): void {
  downloadCsv(
    csvFileName(['branches', promotionId], Date.now()),
    toCsv(BRANCH_ROLLUP_CSV_HEADER, rows.map(branchRollupCsvRecord)),
  );
}
