import { formatCount, formatQuantity } from '@promo/domain/format/format';
import type { PromotionPace } from '@promo/domain/rep/rep-progress.rules';
import type { AccountSearchRequest } from '@promo/domain/types';
import { Button } from '@promo/ui/button';
import styles from './export-csv-button.module.css';
import { useCustomerExport } from './use-customer-export';

/** The export of the whole current list, with its progress and outcome announced. */
export function ExportCsvButton({
  request,
  pace,
  fileParts,
}: {
  /** The list's search without paging; null when the list is empty by choice. */
  request: AccountSearchRequest | null;
  pace: PromotionPace;
  /** What the file holds, for its name: the promotion, and the branch and band when narrowed. */
  fileParts: readonly string[];
}) {
  const { state, start } = useCustomerExport(request, pace, fileParts);
  const running = state.status === 'running';
  return (
    <div className={styles.export}>
      <Button variant="secondary" onClick={() => void start()} disabled={running || request === null}>
        {running ? 'Exporting…' : 'Export CSV'}
      </Button>
      <p className={state.status === 'failed' ? styles.failed : styles.status} role="status">
        {state.status === 'running'
          ? state.total === undefined
            ? 'Preparing the export…'
            : `Exporting ${formatCount(state.loaded)} of ${formatCount(state.total)} customers…`
          : null}
        {state.status === 'done' ? `Exported ${formatQuantity(state.count, 'customer', 'customers')}.` : null}
        {state.status === 'failed' ? `${state.message} ` : null}
      </p>
    </div>
  );
}
