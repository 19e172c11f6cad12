import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const DashboardPage = lazy(() => import('./pages/dashboard/dashboard-page'));

export const remote: RemoteRoutesModule['remote'] = 'salesrep';

/** The sales rep remote's pages (spec §2 "Rep screens"). */
export function createRoutes(): RouteObject[] {
  return [{ path: '/salesrep', element: <DashboardPage /> }];
}
