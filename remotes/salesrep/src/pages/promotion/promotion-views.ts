import { lazyPage } from '@promo/ui/page-routes';
import { promotionViewOf } from './promotion-links';

// Each view of the page has code of its own: the customer table (what the route opens on), a
// customer's view, their account details and the branch roll-up, so a URL that opens one carries
// none of the others' code. The view a URL opens starts its code with the page's (routes.tsx,
// viewFor), in parallel, and once in, it renders at once instead of suspending (lazyPage).
export const customerListView = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "promo-table" */ './customer-list-view')).CustomerListView,
}));
export const customerView = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "promo-customer" */ './customer-view')).CustomerView,
}));
export const accountView = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "promo-account" */ './account-view')).AccountView,
}));
export const branchRollupView = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "promo-rollup" */ './branch-rollup-view')).BranchRollupView,
}));

/** The view the promotion page shows first for a URL's query string. */
export function promotionViewFor(search: URLSearchParams) {
  if (search.get('customer')) return search.get('view') === 'account' ? accountView : customerView;
  return promotionViewOf(search) === 'branches' ? branchRollupView : customerListView;
}
