import { accountQueries } from '@promo/domain/account/account.queries';
import { divisionDetailsQueries } from '@promo/domain/configuration/division-details.queries';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { leadPromotion, splitPromotions } from '@promo/domain/promotion/promotion.rules';
import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { currentSession } from '@promo/domain/session/session';
import { lazyPage, pageRoutes, prefetchMissing } from '@promo/ui/page-routes';
import type { QueryClient } from '@promo/domain/query';
import { preloadHero } from './features/promotion-cards/hero-image';

export const remote: RemoteRoutesModule['remote'] = 'customer';

/** The signed-in customer's account, as useCurrentAccount asks for it, once the session is known. */
async function currentAccount(client: QueryClient) {
  const session = await currentSession.ensure();
  if (session.role !== 'customer' || !session.accountid) return undefined;
  return client.ensureQueryData(accountQueries.detail(session.accountid));
}

function prefetchCurrentAccount(client: QueryClient): void {
  // A failed session check or account is the page's to show; a prefetch only starts them.
  currentAccount(client).catch(() => undefined);
}

/** The dashboard's data, then the hero of its first card (the page's largest paint). */
function prefetchDashboard(client: QueryClient): void {
  prefetchMissing(client, promotionQueries.current());
  Promise.all([client.ensureQueryData(promotionQueries.current()), currentAccount(client)])
    .then(([promotions, account]) => {
      const lead = account ? leadPromotion(splitPromotions(promotions, account)) : undefined;
      if (lead) preloadHero(lead);
    })
    .catch(() => undefined);
}

/**
 * The customer remote's pages (docs/product-rules.md, 'Routes and guards'); the shell mounts them and guards them.
 * A page's `prefetch` starts the queries its first screen waits for, while its code downloads.
 */
export const { createRoutes, preloadRoute } = pageRoutes([
  {
    path: '/',
    page: lazyPage(() => import('./pages/dashboard/dashboard-page')),
    prefetch: prefetchDashboard,
  },
  {
    path: '/account-confirmation',
    page: lazyPage(() => import('./pages/account-confirmation/account-confirmation-page')),
    prefetch: prefetchCurrentAccount,
  },
  {
    path: '/promotions/:id',
    page: lazyPage(() => import('./pages/promotion/promotion-page')),
    // The account is left to the page: it counts it stale at once and refetches it as it mounts
    // (useCurrentAccount's `fresh`), so an answer a prefetch had in hand would be asked for twice.
    // The header's hero is the page's largest paint: its download starts as soon as the promotion is in.
    // The partner tiles' logos (the division details) start with it: asked for by the tiles as they
    // mount, they came in after the tracking view had rendered, which then rendered them again.
    prefetch: (client, { id }) => {
      if (!id) return;
      prefetchMissing(client, divisionDetailsQueries.list());
      // ensureQueryData starts the fetch itself when the promotion is not cached yet.
      client
        .ensureQueryData(promotionQueries.detail(id))
        .then((promotion) => {
          if (promotion) preloadHero(promotion);
        })
        .catch(() => undefined);
    },
  },
  { path: '/my-account', page: lazyPage(() => import('./pages/my-account/my-account-page')) },
  {
    path: '/spend-calculation',
    page: lazyPage(() => import('./pages/spend-calculation/spend-calculation-page')),
  },
]);
