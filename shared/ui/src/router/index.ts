/**
 * The app's one router API: the shell and every remote import routing from here, never from
 * react-router itself (eslint enforces it outside tests).
 *
 * Why a facade: Module Federation shares a package whole, because the provider cannot know what a
 * consumer will use, so sharing react-router sent all of it (its data APIs, server rendering, RSC
 * and framework code: 60 KB gzip) to every page. Shared as this one module instead, react-router is
 * bundled inside it and tree-shaken down to the names below, and there is still exactly one router
 * instance (one context) for the shell and the remotes. Add a name here when a screen needs it.
 */
export {
  createBrowserRouter,
  Link,
  matchRoutes,
  Navigate,
  NavLink,
  Outlet,
  renderMatches,
  useBlocker,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { BlockerFunction, RouteObject } from 'react-router';
// The DOM RouterProvider: the core one plus ReactDOM.flushSync for flushSync navigations.
export { RouterProvider } from 'react-router/dom';
