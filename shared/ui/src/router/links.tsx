import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { createPath, useHref, useLocation, useNavigate, useResolvedPath, type To } from 'react-router';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  /** Replaces the current history entry instead of adding one (the default for a link to where the app is). */
  replace?: boolean;
  state?: unknown;
}

/** A URL of another site (or a protocol-relative one): the browser follows it, not the router. */
const ABSOLUTE_URL = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

const isPlainLeftClick = (event: MouseEvent<HTMLAnchorElement>) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * A link the router follows, as react-router's Link does for the props the app uses: a plain
 * left click in the same tab navigates in the app (replacing the entry when the link goes where
 * the app already is), anything else (a new tab, a modified click, another site) is the browser's.
 *
 * Ours rather than react-router's: its Link and NavLink carry the framework mode's prefetching and
 * the data router's hooks, about 3 KB gzip of every page that this app never runs.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  const location = useLocation();
  const path = useResolvedPath(to);
  if (typeof to === 'string' && ABSOLUTE_URL.test(to)) {
    return <a {...rest} href={to} target={target} onClick={onClick} />;
  }
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainLeftClick(event) || (target && target !== '_self')) return;
        event.preventDefault();
        void navigate(to, { replace: replace ?? createPath(location) === createPath(path), state });
      }}
    />
  );
}

export interface NavLinkProps extends Omit<LinkProps, 'className'> {
  /** Active only on the link's own path, not on the paths under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string | undefined);
}

/**
 * A Link that knows whether it leads to the page shown (its path, or a path under it unless
 * `end`): it is then marked aria-current="page", which is what the app styles, as react-router's
 * NavLink does.
 */
export function NavLink({ end = false, className, ...rest }: NavLinkProps) {
  const here = useLocation().pathname.toLowerCase();
  const path = useResolvedPath(rest.to).pathname.toLowerCase();
  // Under the link's path: the next character after it (its own trailing slash aside) is a slash.
  const under = path !== '/' && path.endsWith('/') ? path.length - 1 : path.length;
  const isActive = here === path || (!end && here.startsWith(path) && here.charAt(under) === '/');
  return (
    <Link
      {...rest}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}
