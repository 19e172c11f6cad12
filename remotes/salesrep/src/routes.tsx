import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { lazy } from 'react';
import type { RouteObject } from '@promo/ui/router';

const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page'));
const PromotionPage = lazy(() => import('./pages/promotion/promotion-page'));
const MyBranchesPage = lazy(() => import('./pages/my-branches/my-branches-page'));
const SelectBranchesPage = lazy(() => import('./pages/select-branches/select-branches-page'));
const MyAccountPage = lazy(() => import('./pages/my-account/my-account-page'));

export const remote: RemoteRoutesModule['remote'] = 'salesrep';

/** The sales rep remote's pages (spec §2 "Rep screens"), one per pattern of MOUNTS.salesrep. */
export function createRoutes(): RouteObject[] {
  return [
    { path: '/salesrep', element: <DashboardPage /> },
    { path: '/salesrep/promotions/:id', element: <PromotionPage /> },
    { path: '/salesrep/my-branches', element: <MyBranchesPage /> },
    { path: '/salesrep/select-branches', element: <SelectBranchesPage /> },
    { path: '/salesrep/my-account', element: <MyAccountPage /> },
  ];
}
