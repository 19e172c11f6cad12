import { loadQueryClient } from '@promo/domain/remote-contract';
import { keptBriefcase } from '@promo/domain/rep/briefcase-download';
import { markBriefcase } from '@promo/domain/rep/briefcase-marker';
import { isRefreshDue } from '@promo/domain/rep/briefcase-refresh.rules';
import { briefcaseStorage } from '@promo/domain/rep/briefcase-storage';
import { briefcaseQueries, keepCustomers } from './briefcase.queries';
import { sendQueuedViews } from './offline-briefcase';

let running: Promise<void> | undefined;

/**
 * Sends the views queued offline, and refreshes the kept customers once they are older than a few
 * hours, in the background: the same branches, one download at a time on the device (a download
 * already running, in this tab or another, is left to finish). The panel's "Kept on this device"
 * line follows.
 */
export function lookAfterBriefcase(): Promise<void> {
  if (running) return running;
  const started = Promise.all([sendQueuedViews(), refreshWhenDue()])
    .then(() => undefined)
    .finally(() => {
      running = undefined;
    });
  running = started;
  return started;
}

async function refreshWhenDue(): Promise<void> {
  const kept = await keptBriefcase(briefcaseStorage());
  markBriefcase({ keptAt: kept?.asAt ?? null });
  if (!kept || !isRefreshDue(kept.asAt, Date.now())) return;
  const outcome = await keepCustomers({ branchIds: kept.branchIds }, { ifAvailable: true });
  if (outcome === undefined) return;
  if (outcome.status !== 'complete') console.error('The kept customers could not be refreshed.', outcome);
  await (await loadQueryClient()).invalidateQueries({ queryKey: briefcaseQueries.all() });
}
