export { eagerPage, lazyPage, pageRoutes, prefetchMissing } from './page-routes';
export type { Page, PageRoute, RouteParams } from './page-routes';
