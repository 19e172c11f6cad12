import { useQueryClient } from '@promo/domain/query';
import { useEffect } from 'react';

/**
 * Offline, the kept briefcase answers what the page asks and has nothing on the device for
 * (offline-briefcase.ts, docs/decisions/047-rep-briefcase.md): attached when the page opens offline
 * or goes offline. An event, not a re-render of the page; online, no briefcase code loads.
 */
export function useOfflineBriefcase(): void {
  const client = useQueryClient();
  useEffect(() => {
    const attachWhenOffline = () => {
      if (!navigator.onLine)
        import(/* webpackChunkName: "briefcase-offline" */ './offline-briefcase')
          .then((offline) => offline.attachOffline(client))
          .catch(() => undefined);
    };
    attachWhenOffline();
    window.addEventListener('offline', attachWhenOffline);
    return () => window.removeEventListener('offline', attachWhenOffline);
  }, [client]);
}
