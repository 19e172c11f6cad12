import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { lazy } from 'react';
import type { RouteObject } from '@promo/ui/router';

const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page'));
const AccountConfirmationPage = lazy(() => import('./pages/account-confirmation/account-confirmation-page'));
const PromotionDetailPage = lazy(() => import('./pages/promotion-detail/promotion-detail-page'));
const MyAccountPage = lazy(() => import('./pages/my-account/my-account-page'));
const SpendCalculationPage = lazy(() => import('./pages/spend-calculation/spend-calculation-page'));

export const remote: RemoteRoutesModule['remote'] = 'customer';

/** The customer remote's pages (spec §2 "Customer screens"); the shell mounts them and guards them. */
export function createRoutes(): RouteObject[] {
  return [
    { path: '/', element: <DashboardPage /> },
    { path: '/account-confirmation', element: <AccountConfirmationPage /> },
    { path: '/promotions/:id', element: <PromotionDetailPage /> },
    { path: '/my-account', element: <MyAccountPage /> },
    { path: '/spend-calculation', element: <SpendCalculationPage /> },
  ];
}
