import { appBadgeForAccount } from '@promo/domain/notifications/app-badge.rules';
import { notificationQueries } from '@promo/domain/notifications/notifications.queries';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import type { Account } from '@promo/domain/types';
import { afterFirstScreen } from '@promo/ui/after-first-screen';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

const hasBadge = () =>
  typeof navigator !== 'undefined' && 'setAppBadge' in navigator && 'clearAppBadge' in navigator;

/**
 * The installed app's badge (docs/product-rules.md, "Notifications"), for a customer who turned it
 * on: the unlocked targets still waiting for a reward choice, set again whenever the account
 * changes (a reward chosen lowers it), cleared at 0 or when the badge is turned off. Nothing where
 * the Badging API is missing. The user's choice is asked for once the screen has painted, so it
 * never delays it; the current promotions are the dashboard's (cached there), fetched on another
 * page only for a user who wants the badge.
 */
export function useAppBadge(account: Account | null | undefined): void {
  const [supported] = useState(hasBadge);
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    if (!supported) return;
    let live = true;
    void afterFirstScreen().then(() => {
      if (live) setPainted(true);
    });
    return () => {
      live = false;
    };
  }, [supported]);
  const wanted = useQuery({ ...notificationQueries.preferences(), enabled: supported && painted }).data
    ?.appBadge;
  const promotions = useQuery({ ...promotionQueries.current(), enabled: wanted === true }).data;

  useEffect(() => {
    if (!supported || wanted === undefined) return;
    if (wanted && (!account || !promotions)) return;
    const count = wanted && account && promotions ? appBadgeForAccount(account, promotions, Date.now()) : 0;
    // A badge the browser refuses (no installed app, say) is no failure of the page.
    const settle = count > 0 ? navigator.setAppBadge(count) : navigator.clearAppBadge();
    settle.catch(() => undefined);
  }, [supported, wanted, account, promotions]);
}
