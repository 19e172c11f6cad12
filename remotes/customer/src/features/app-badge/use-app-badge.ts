import { notificationQueries } from '@promo/domain/notifications/notifications.queries';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import type { Account } from '@promo/domain/types';
import { useQuery } from '@promo/domain/query';
import { useEffect, useState } from 'react';

const hasBadge = () =>
  typeof navigator !== 'undefined' && 'setAppBadge' in navigator && 'clearAppBadge' in navigator;
const ignore = () => undefined;

/**
 * The installed app's badge (docs/product-rules.md, "Notifications"), for a customer who turned it
 * on: the unlocked targets still waiting for a reward choice, set again whenever the account
 * changes (a reward chosen lowers it), cleared at 0 or when the badge is turned off. Nothing where
 * the Badging API is missing. The promotion page, where rewards are chosen, keeps it; between
 * visits, each push message carries the server's count (the dashboard's JavaScript budget has no
 * room for it). The user's choice is asked for once the page is idle with its data, so it never
 * delays the first screen; the count's code and the current promotions load only for a user who
 * wants the badge.
 */
export function useAppBadge(account: Account | null | undefined): void {
  const [supported] = useState(hasBadge);
  const [idle, setIdle] = useState(false);
  const loaded = account !== undefined;
  useEffect(() => {
    if (!supported || !loaded) return;
    // Once the page has its data on screen and the browser is idle: the badge never competes with
    // the first screen (Safari has no requestIdleCallback: a second later there).
    const done = () => setIdle(true);
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(done, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(done, 1000);
    return () => clearTimeout(id);
  }, [supported, loaded]);
  const wanted = useQuery({ ...notificationQueries.preferences(), enabled: supported && idle }).data
    ?.appBadge;
  const promotions = useQuery({ ...promotionQueries.current(), enabled: wanted === true }).data;

  useEffect(() => {
    if (!supported || wanted === undefined) return;
    // A badge the browser refuses (no installed app, say) is no failure of the page.
    if (!wanted) return void navigator.clearAppBadge().catch(ignore);
    if (!account || !promotions) return;
    let live = true;
    import('./app-badge-count')
      .then(({ showAppBadge }) => (live ? showAppBadge(account, promotions, Date.now()) : undefined))
      .catch(ignore);
    return () => {
      live = false;
    };
  }, [supported, wanted, account, promotions]);
}
