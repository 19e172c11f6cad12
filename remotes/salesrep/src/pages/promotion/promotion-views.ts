import { lazyPage } from '@promo/ui/page-routes';
import { promotionViewOf } from './promotion-links';

// The customer table is what the route opens on; a customer's view, their account details and the
// branch roll-up are a click away, so their code (summary, audit, account details, roll-up) is split
// off. A URL that opens one of them directly starts its code with the page's (routes.tsx, viewFor),
// and once in, the view renders at once instead of suspending (lazyPage).
export const customerView = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "promo-customer" */ './customer-view')).CustomerView,
}));
export const accountView = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "promo-account" */ './account-view')).AccountView,
}));
export const branchRollupView = lazyPage(async () => ({
  default: (await import(/* webpackChunkName: "promo-rollup" */ './branch-rollup-view')).BranchRollupView,
}));

/** The split-off view the promotion page shows first for a URL's query string, if any. */
export function promotionViewFor(search: URLSearchParams) {
  if (search.get('customer')) return search.get('view') === 'account' ? accountView : customerView;
  return promotionViewOf(search) === 'branches' ? branchRollupView : undefined;
}
