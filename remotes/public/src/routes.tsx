import type { RemoteRoutesModule } from '@promo/domain/remote-contract';
import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

const LoginPage = lazy(() => import('./pages/login/login-page'));

export const remote: RemoteRoutesModule['remote'] = 'public';

/** The public remote's pages: guest pages and open pages (spec §2). */
export function createRoutes(): RouteObject[] {
  return [{ path: '/login', element: <LoginPage /> }];
}
