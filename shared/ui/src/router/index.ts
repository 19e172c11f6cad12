/**
 * The app's one router API: the shell and every remote import routing from here, never from
 * react-router itself (eslint enforces it outside tests).
 *
 * Why a facade: Module Federation shares a package whole, because the provider cannot know what a
 * consumer will use, so sharing react-router sent all of it (its data APIs, server rendering, RSC
 * and framework code: 60 KB gzip) to every page. Shared as this one module instead, react-router is
 * bundled inside it and tree-shaken down to the names below, and there is still exactly one router
 * instance (one context) for the shell and the remotes. Add a name here when a screen needs it.
 *
 * The router is react-router's declarative one on our own history (app-history.ts), not its data
 * router: the app loads no data through the router, and the data router's state machine was 17 KB
 * gzip of every page. The one data-router feature the app used, useBlocker, comes from the history.
 * Link and NavLink are ours too (links.tsx): react-router's bring its framework-mode prefetching.
 */
export {
  matchRoutes,
  Navigate,
  Outlet,
  renderMatches,
  useLocation,
  useNavigate,
  useParams,
  useRoutes,
  useSearchParams,
} from 'react-router';
export type { Location, RouteObject } from 'react-router';
export {
  createAppBrowserHistory,
  createAppMemoryHistory,
  type AppHistory,
  type BlockerFunction,
  type HeldNavigation,
} from './app-history';
export { AppRouter, AppRoutes, useBlocker, type Blocker } from './app-router';
export { Link, NavLink, type LinkProps, type NavLinkProps } from './links';
