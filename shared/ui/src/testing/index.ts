/**
 * Test support for every component test (shell, remotes, shared/ui): one fake /api/v1 (msw) and one
 * way to render pages as the shell does. Imported only by tests and vitest.setup.ts, so no app
 * bundle ever reaches it.
 */
export {
  apiCalls,
  apiError,
  apiServer,
  listenForApiCalls,
  mockApi,
  mockUrl,
  resetApi,
  fakeApiInNode,
  type ApiCall,
  type ApiHandler,
  type ApiRoute,
} from './api-server';
export { expectFrame, renderPage, renderRoutes, type RenderRoutesOptions } from './render-app';
export {
  describeRemoteRoutes,
  matchesPattern,
  routePaths,
  type RoutePageCheck,
} from './remote-routes-contract';
