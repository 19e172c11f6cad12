import { accountQueries } from '@promo/domain/account';
import { promotionQueries } from '@promo/domain/promotion';
import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { sessionQueries } from '@promo/domain/session';
import { lazyPage, pageRoutes, prefetchMissing } from '@promo/ui/page-routes';
import type { QueryClient } from '@tanstack/react-query';

export const remote: RemoteRoutesModule['remote'] = 'customer';

/** The signed-in customer's account, as useCurrentAccount asks for it, once the session is known. */
function prefetchCurrentAccount(client: QueryClient): void {
  client.ensureQueryData(sessionQueries.current()).then(
    (session) => {
      if (session.role === 'customer' && session.accountid) {
        prefetchMissing(client, accountQueries.detail(session.accountid));
      }
    },
    () => undefined, // the session gate handles a failed session check
  );
}

/**
 * The customer remote's pages (spec §2 "Customer screens"); the shell mounts them and guards them.
 * A page's `prefetch` starts the queries its first screen waits for, while its code downloads.
 */
export const { createRoutes, preloadRoute } = pageRoutes([
  {
    path: '/',
    page: lazyPage(() => import('./pages/dashboard/dashboard-page')),
    prefetch: (client) => {
      prefetchMissing(client, promotionQueries.current());
      prefetchCurrentAccount(client);
    },
  },
  {
    path: '/account-confirmation',
    page: lazyPage(() => import('./pages/account-confirmation/account-confirmation-page')),
    prefetch: prefetchCurrentAccount,
  },
  {
    path: '/promotions/:id',
    page: lazyPage(() => import('./pages/promotion-detail/promotion-detail-page')),
    // The account is left to the page: it refetches it on mount ('always'), a prefetch would ask twice.
    prefetch: (client, { id }) => {
      if (id) prefetchMissing(client, promotionQueries.detail(id));
    },
  },
  { path: '/my-account', page: lazyPage(() => import('./pages/my-account/my-account-page')) },
  {
    path: '/spend-calculation',
    page: lazyPage(() => import('./pages/spend-calculation/spend-calculation-page')),
  },
]);
