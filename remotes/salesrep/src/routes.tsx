import { accountQueries } from '@promo/domain/account/account.queries';
import { promotionQueries } from '@promo/domain/promotion/promotion.queries';
import { repQueries } from '@promo/domain/rep/rep.queries';
import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { lazyPage, pageRoutes, prefetchMissing } from '@promo/ui/page-routes';
import { customerView, promotionViewFor } from './pages/promotion/promotion-views';

export const remote: RemoteRoutesModule['remote'] = 'salesrep';

/**
 * The sales rep remote's pages (docs/product-rules.md, 'Routes and guards'), one per pattern of MOUNTS.salesrep.
 * A page's `prefetch` starts the queries its first screen waits for, while its code downloads.
 */
export const { createRoutes, preloadRoute } = pageRoutes([
  {
    path: '/salesrep',
    page: lazyPage(() => import('./pages/dashboard/dashboard-page')),
    prefetch: (client) => {
      prefetchMissing(client, promotionQueries.current());
      prefetchMissing(client, repQueries.branches());
    },
  },
  {
    path: '/salesrep/promotions/:id',
    page: lazyPage(() => import(/* webpackChunkName: "promo" */ './pages/promotion/promotion-page')),
    // The customer list's own request depends on the rep's saved branch selection, which needs the
    // branches first: those start here, with the page's code, and the list follows in the page.
    // A link to a customer (?customer=) opens their view instead: its code and their account start
    // here too, rather than after the page's code has run and rendered.
    viewFor: promotionViewFor,
    prefetch: (client, { id }, search) => {
      if (id) prefetchMissing(client, promotionQueries.detail(id));
      const customer = search.get('customer');
      if (customer) prefetchMissing(client, accountQueries.detail(customer));
      // Every view of the page but the customer's needs the branches (their account details too).
      if (promotionViewFor(search) !== customerView) prefetchMissing(client, repQueries.branches());
    },
  },
  { path: '/salesrep/my-branches', page: lazyPage(() => import('./pages/my-branches/my-branches-page')) },
  {
    path: '/salesrep/select-branches',
    page: lazyPage(() => import('./pages/select-branches/select-branches-page')),
  },
  { path: '/salesrep/my-account', page: lazyPage(() => import('./pages/my-account/my-account-page')) },
]);
