import { readBriefcaseMarker, type BriefcaseMarker } from '@promo/domain/rep/briefcase-marker';
import { isRefreshDue } from '@promo/domain/rep/briefcase-refresh.rules';
import { useEffect } from 'react';

/** Whether the briefcase needs looking after: views to send, or kept customers due a refresh. */
export const upkeepDue = ({ keptAt, viewsQueued }: BriefcaseMarker, now: number) =>
  viewsQueued || (keptAt !== null && isRefreshDue(keptAt, now));

/**
 * On the rep's dashboard and My Branches: once the page is shown, and whenever the device comes
 * back online, the views queued offline are sent and kept customers older than a few hours are
 * refreshed, in the background (briefcase-upkeep.ts, loaded only when there is something to do: on
 * most visits the check is one read of localStorage). A promotion's page that went offline does the
 * same when it comes back (offline-briefcase.ts).
 */
export function useBriefcaseUpkeep(): void {
  useEffect(() => {
    let live = true;
    const check = () => {
      if (!live || !navigator.onLine || !upkeepDue(readBriefcaseMarker(), Date.now())) return;
      import(/* webpackChunkName: "briefcase-offline" */ './briefcase-upkeep')
        .then((upkeep) => upkeep.lookAfterBriefcase())
        .catch((error: unknown) => console.error('The kept customers could not be looked after.', error));
    };
    check();
    window.addEventListener('online', check);
    return () => {
      live = false;
      window.removeEventListener('online', check);
    };
  }, []);
}
